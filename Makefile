# pgknob — plain Makefile. `make` builds bin/pgknob; `make test` installs what is missing and runs
# every test tier against real servers; `make help` lists the targets.

CC       ?= cc
# Two programs from one tree: bin/pgknob (lint, fix, settings, rules, ...) links no libpq, so the
# offline commands do not pay for loading it; bin/pgknob-online (every command) is what pgknob
# execs for audit, tpcc and lab (src/cli/online_stub.c).
OFFLINE_PKGS := inih libcmark-gfm libpcre2-8 jansson yaml-0.1
PKGS     := libpq $(OFFLINE_PKGS)
# The list is explicit so reviewers can see what is enforced. -Wcast-qual: const is kept;
# -Wfloat-equal: exact double comparisons are named (common/fp.h); -Wformat-signedness (gcc only:
# clang 14 rejects it, so it is probed): printf arguments match their conversions.
WARN     := -Wall -Wextra -Wformat=2 -Wstrict-prototypes -Wmissing-prototypes \
            -Wold-style-definition -Wwrite-strings -Wvla -Wpointer-arith -Wshadow \
            -Wcast-qual -Wfloat-equal \
            $(shell $(CC) -Werror -Wformat-signedness -fsyntax-only -x c /dev/null 2>/dev/null \
                    && echo -Wformat-signedness) \
            -Wno-missing-field-initializers -fno-common
# Warnings are errors in development and CI: in a git checkout, with CI set (as CI services do),
# and always for test, check, unit and asan. A build from a release tarball only warns, so a newer
# compiler's new warning does not break a user's install. `make WERROR=` or WERROR=-Werror decides.
ifneq ($(wildcard .git)$(CI),)
WERROR   ?= -Werror
endif
CSTD     := -std=c11 -D_GNU_SOURCE
OPT      ?= -O2 -g
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# cmark-gfm's extensions library ships no .pc file: link it by name.
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lcmark-gfm-extensions
# bin/pgknob links these five statically where Debian's -dev packages ship the archives (they
# do): loading and relocating five shared libraries was a third of a lint's start-up, and a
# lint is one short process (docs/lint.md, "Speed"). A security update of one of them then
# needs a rebuild; bin/pgknob-online links them as shared libraries. OFFLINE_STATIC= turns it off.
OFFLINE_ARCHIVES := inih cmark-gfm-extensions cmark-gfm pcre2-8 jansson yaml
OFFLINE_STATIC ?= $(shell for lib in $(OFFLINE_ARCHIVES); do \
                      $(CC) -print-file-name=lib$$lib.a | grep -q / || exit 0; done; echo yes)
ifeq ($(OFFLINE_STATIC),yes)
OFFLINE_LIBS := -Wl,-Bstatic $(addprefix -l,$(OFFLINE_ARCHIVES)) -Wl,-Bdynamic -lpthread -lm
else
OFFLINE_LIBS := $(shell pkg-config --libs $(OFFLINE_PKGS) 2>/dev/null) -lcmark-gfm-extensions \
                -lpthread -lm
endif
CFLAGS   += $(CSTD) $(WARN) $(WERROR) $(OPT) $(PKG_CFLAGS) -Isrc
LDLIBS   += $(PKG_LIBS) -lpthread -lm
PREFIX   ?= /usr/local
DATADIR  ?= $(PREFIX)/share/pgknob
LIBEXECDIR ?= $(PREFIX)/libexec/pgknob

BUILD    ?= build
BIN      := bin/pgknob
ONLINE_BIN = $(BIN)-online
RULES_PACK := rules/.pgknob-pack
RULE_FILES := $(shell find rules -type f ! -name '.*' 2>/dev/null)
PROGS     = $(BIN) $(ONLINE_BIN) $(RULES_PACK) $(if $(HAVE_FUSE3),$(SLOWFS))
STUB_SRC := src/cli/online_stub.c
SRCS     := $(filter-out $(STUB_SRC),$(shell find src -name '*.c' | LC_ALL=C sort))
OBJS     := $(SRCS:%.c=$(BUILD)/%.o)
# What talks to a server stays out of bin/pgknob; an offline module that calls into these fails
# to link, which keeps the layering honest.
# The lab reports render lab/'s data (report/lab_*.c), so they go with it.
ONLINE_SRCS := $(filter src/db/% src/audit/% src/tpcc/% src/lab/% src/report/lab_% \
                 src/cli/cmd_audit.c src/cli/cmd_live.c src/cli/cmd_tpcc.c src/cli/cmd_lab.c \
                 src/cli/online_full.c,$(SRCS))
OFFLINE_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(filter-out $(ONLINE_SRCS),$(SRCS)) $(STUB_SRC))
LIB_OBJS := $(filter-out $(BUILD)/src/main.o,$(OBJS))
UNIT_SRCS:= $(shell find tests/unit -name '*_test.c' 2>/dev/null | LC_ALL=C sort)
UNIT_BINS:= $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all deps test check unit asan format format-check coverage cov-units fuzz bench catalog catalog-check docs docs-check \
        examples install uninstall dist deb vsix man clean help golden-update check-headers servers demo \
        soak fuzz-long

SLOWFS   := bin/pgknob-slowfs
SLOWFS_OBJS := $(BUILD)/src/common/clock.o $(BUILD)/src/common/quantity.o $(BUILD)/src/common/units.o \
               $(BUILD)/src/common/xalloc.o
# Built only where libfuse3 is installed (make deps installs it): the storage lab needs it, the
# rest of pgknob does not.
HAVE_FUSE3 := $(shell pkg-config --exists fuse3 2>/dev/null && echo yes)

all: $(BIN) $(ONLINE_BIN) $(RULES_PACK) $(if $(HAVE_FUSE3),$(SLOWFS))

# tools/slowfs/: pgknob-slowfs, the storage lab's FUSE daemon (libfuse3), a program of its own.
$(SLOWFS): tools/slowfs/slowfs.c $(SLOWFS_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(shell pkg-config --cflags fuse3) -o $@ $< $(SLOWFS_OBJS) \
	    $(shell pkg-config --libs fuse3) -lpthread -lm

# Target-specific, so it reaches every object these targets build.
test check unit asan asan-units coverage cov-units: WERROR := -Werror

# bin/pgknob is linked position-dependent: the catalogs are tables holding thousands of
# pointers, which a PIE relocates (and so copies, page by page) at every start, a large share
# of a short lint (docs/lint.md, "Speed").
# ASLR still places the stack, heap, mappings and libc at random; pgknob-online stays PIE.
OFFLINE_LDFLAGS ?= -no-pie
$(BIN): $(OFFLINE_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(OFFLINE_LDFLAGS) $(OFFLINE_LIBS)

$(ONLINE_BIN): $(OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(LDLIBS)

# The shipped packs compiled (src/rules/rules_pack.c): lint reads this one file while rules/ is
# unchanged, instead of parsing every rule.
$(RULES_PACK): $(BIN) $(RULE_FILES)
	$(BIN) rules compile rules

# The prefix the binary falls back to for its data (common/datadir.c).
$(BUILD)/src/common/datadir.o: CFLAGS += -DPK_DATADIR='"$(DATADIR)"'
$(BUILD)/src/cli/online_stub.o: CFLAGS += -DPK_LIBEXECDIR='"$(LIBEXECDIR)"'

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(LIB_OBJS) tests/unit/harness.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests/unit -o $@ $< $(LIB_OBJS) $(LDFLAGS) $(LDLIBS)

-include $(OBJS:.o=.d) $(BUILD)/$(STUB_SRC:.c=.d)

# The HTML report's stylesheet, compiled in; committed, and regenerated when the CSS changes.
src/report/style_css.auto.h: reports/style.css tests/report/gen-style.sh
	tests/report/gen-style.sh $< > $@

deps:                      ## install missing Debian packages and fetch the test servers (idempotent)
	@tests/pg/install-deps.sh
	@tests/pg/fetch-servers.sh

servers: deps              ## fetch the PostgreSQL 13–18 builds used by the tests into .cache/pg
	@tests/pg/fetch-servers.sh

demo: deps                 ## build, fetch PostgreSQL 18 if missing, run the quick lab series on a throwaway cluster
	@$(MAKE) --no-print-directory $(PROGS)
	@tests/pg/fetch-servers.sh 18
	@$(BIN) lab run series --quick

unit: $(PROGS) $(UNIT_BINS)  ## unit tests only (no servers)
	@tests/run --unit-only

test: deps                 ## every test tier, against real servers; ends with "N passed, N failed"
	@$(MAKE) --no-print-directory $(PROGS) $(UNIT_BINS)
	@tests/pg/fetch-servers.sh
	@tests/run

check: $(PROGS) $(UNIT_BINS) ## fast subset: unit + CLI tests
	@tests/run --fast

# the suite also runs the uninstrumented helpers (pgknob-slowfs, the rule pack) and real servers,
# so a fresh clone's `make asan` builds and fetches them as `make test` does
asan: deps                 ## AddressSanitizer + UBSan build running the full suite
	@$(MAKE) --no-print-directory $(PROGS)
	@tests/pg/fetch-servers.sh
	@$(MAKE) --no-print-directory BUILD=build-asan BIN=bin/pgknob-asan \
	    OPT="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" bin/pgknob-asan bin/pgknob-asan-online asan-units
	@tests/asan-run.sh

asan-units: $(UNIT_BINS)

format:                    ## rewrite the C sources in .clang-format's style
	@tests/docs/format.sh

format-check:              ## fail, naming the files, if a C source differs from .clang-format (the suite runs it)
	@tests/docs/format.sh --check

# coverage: gcc's --coverage build in build-cov/ (its own objects, so never mixed with build/),
# then tests/coverage-run.sh: the suite (COVERAGE_ARGS=--fast: unit + serverless tiers only)
# against it, and the line-coverage figure of src/ from gcov.
COVERAGE_ARGS ?=
coverage:                  ## instrumented build (build-cov/), the suite against it, src/ line coverage
	@$(MAKE) --no-print-directory BUILD=build-cov BIN=bin/pgknob-cov OPT="-O0 -g --coverage" \
	    LDFLAGS="--coverage" bin/pgknob-cov bin/pgknob-cov-online cov-units
	@tests/coverage-run.sh $(COVERAGE_ARGS)

cov-units: $(UNIT_BINS)

soak: deps                 ## lab kill trials (20 per signal, PG 18 and 13) and the 2x20-min lab tune acceptance
	@$(MAKE) --no-print-directory $(PROGS)
	@tests/pg/fetch-servers.sh 18 13
	@PGKNOB="$$PWD/$(BIN)" PGKNOB_KILL_TRIALS=$${PGKNOB_KILL_TRIALS:-20} tests/lab/t-lab-kill.sh
	@PGKNOB="$$PWD/$(BIN)" tests/lab/soak-tune.sh

fuzz:                      ## build the libFuzzer targets and run each briefly
	@tests/fuzz/run.sh

# fuzz-long: every target (or FUZZ_TARGETS="fuzz_conf ...") for FUZZ_LONG_TIME seconds each,
# one after another (default 600: ten minutes a target); prints execs, execs/s, coverage (edges)
# and crashes per target.
FUZZ_LONG_TIME ?= 600
fuzz-long:                 ## run each libFuzzer target FUZZ_LONG_TIME seconds (default 600)
	@FUZZ_TIME=$(FUZZ_LONG_TIME) tests/fuzz/run.sh $(FUZZ_TARGETS)

bench: $(PROGS)              ## benchmarks, as ratios against a peer run in the same process
	@tests/bench/run.sh

catalog:                   ## regenerate src/catalog/catalog_data.auto.c, contrib_data.auto.c and src/lint/sample_comments.auto.c from real servers 13–18
	@src/catalog/gen_catalog.sh
	@src/catalog/gen_contrib.sh
	@src/lint/gen_sample_comments.sh

catalog-check:             ## regenerate into a temp file and diff with the committed catalogs
	@src/catalog/gen_catalog.sh --check
	@src/catalog/gen_contrib.sh --check
	@src/lint/gen_sample_comments.sh --check

docs: $(PROGS)               ## regenerate docs generated from the code and rule packs
	@tests/docs/gen.sh
	@tests/docs/gen-man.sh

docs-check: $(PROGS)
	@tests/docs/gen.sh --check
	@tests/docs/gen-man.sh --check

check-headers:             ## every header compiles on its own
	@CC="$(CC)" CFLAGS="$(CFLAGS)" tests/docs/headers.sh .

examples: $(PROGS)           ## regenerate reports/examples/ (lab stages and a healthy configuration)
	@tests/report/examples.sh --update

golden-update: $(PROGS)      ## rewrite the golden reports (tests/golden/report); review the diff
	@tests/report/golden.sh --update

# The man page, from docs/pgknob.1.md by cmark-gfm's man renderer (it writes no .TH: add it).
MAN      := $(BUILD)/pgknob.1
man: $(MAN)                ## build the man page (build/pgknob.1) from docs/pgknob.1.md
$(MAN): docs/pgknob.1.md src/common/version.h
	@mkdir -p $(dir $@)
	@{ printf '.TH PGKNOB 1 "" "pgknob %s" "pgknob manual"\n' \
	    "$$(sed -n 's/.*PK_VERSION "\(.*\)".*/\1/p' src/common/version.h)"; \
	   cmark-gfm --to man docs/pgknob.1.md; } > $@.tmp && mv $@.tmp $@

# make install PREFIX=/usr DESTDIR=/tmp/stage: the layout is relative (bin/, libexec/pgknob/,
# share/pgknob/), so an installed tree works wherever it is copied (common/datadir.c).
DOCDIR   ?= $(PREFIX)/share/doc/pgknob
MANDIR   ?= $(PREFIX)/share/man
# pgknob-slowfs (the storage lab's FUSE layer) goes beside pgknob when it was built (libfuse3).
install: $(BIN) $(ONLINE_BIN) $(MAN) $(if $(HAVE_FUSE3),$(SLOWFS)) ## install bin, libexec, rules, labs, targets, man page and docs (PREFIX, DESTDIR)
	install -D -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/pgknob
	$(if $(HAVE_FUSE3),install -D -m 755 $(SLOWFS) $(DESTDIR)$(PREFIX)/bin/pgknob-slowfs)
	install -D -m 755 $(ONLINE_BIN) $(DESTDIR)$(LIBEXECDIR)/pgknob-online
	install -D -m 644 $(MAN) $(DESTDIR)$(MANDIR)/man1/pgknob.1
	rm -rf $(DESTDIR)$(DATADIR)/rules $(DESTDIR)$(DATADIR)/labs $(DESTDIR)$(DATADIR)/targets
	mkdir -p $(DESTDIR)$(DATADIR) $(DESTDIR)$(DOCDIR)
	cp -R rules labs targets $(DESTDIR)$(DATADIR)/
	rm -f $(DESTDIR)$(DATADIR)/rules/.pgknob-pack
	find $(DESTDIR)$(DATADIR) -type d -exec chmod 755 {} + -o -type f -exec chmod 644 {} +
	cp README.md docs/*.md $(DESTDIR)$(DOCDIR)/
	chmod 644 $(DESTDIR)$(DOCDIR)/*.md
	PGKNOB_DATA_DIR= PGKNOB_RULES_DIR= $(BIN) rules compile $(DESTDIR)$(DATADIR)/rules

uninstall:                 ## remove what make install installed (same PREFIX, DESTDIR)
	rm -f $(DESTDIR)$(PREFIX)/bin/pgknob $(DESTDIR)$(PREFIX)/bin/pgknob-slowfs \
	    $(DESTDIR)$(LIBEXECDIR)/pgknob-online $(DESTDIR)$(MANDIR)/man1/pgknob.1
	rm -rf $(DESTDIR)$(DATADIR) $(DESTDIR)$(DOCDIR)
	-rmdir $(DESTDIR)$(LIBEXECDIR) 2>/dev/null || true

VERSION  := $(shell sed -n 's/.*PK_VERSION "\(.*\)".*/\1/p' src/common/version.h)
dist:                      ## dist/pgknob-VERSION.tar.gz from the committed tree (builds without -Werror)
	@mkdir -p dist
	git archive --format=tar.gz --prefix=pgknob-$(VERSION)/ -o dist/pgknob-$(VERSION).tar.gz HEAD
	@echo dist/pgknob-$(VERSION).tar.gz

vsix:                      ## editors/vscode/pgknob-VERSION.vsix (the VS Code extension, @vscode/vsce from npm)
	@tests/lsp/vsix.sh

deb:                       ## dist/pgknob_VERSION_ARCH.deb; Depends from the libraries it links
	@tests/install/make-deb.sh

clean:                     ## remove what the build made
	rm -rf build build-asan build-cov build-fuzz build-deb bin dist $(RULES_PACK)

help:
	@grep -E '^[a-z-]+:.*## ' Makefile | sed 's/:.*## /\t/'
