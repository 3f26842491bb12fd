# pgknob — plain Makefile. `make` builds bin/pgknob; `make test` installs what is missing and runs
# every test tier against real servers; `make help` lists the targets.

CC       ?= cc
PKGS     := libpq inih libcmark-gfm libpcre2-8 jansson
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
CFLAGS   += $(CSTD) $(WARN) $(WERROR) $(OPT) $(PKG_CFLAGS) -Isrc
LDLIBS   += $(PKG_LIBS) -lpthread -lm

BUILD    ?= build
BIN      := bin/pgknob
SRCS     := $(shell find src -name '*.c' | LC_ALL=C sort)
OBJS     := $(SRCS:%.c=$(BUILD)/%.o)
LIB_OBJS := $(filter-out $(BUILD)/src/main.o,$(OBJS))
UNIT_SRCS:= $(shell find tests/unit -name '*_test.c' 2>/dev/null | LC_ALL=C sort)
UNIT_BINS:= $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all deps test check unit asan coverage cov-units fuzz bench catalog catalog-check docs docs-check \
        examples install man clean help golden-update check-headers servers demo soak fuzz-long

all: $(BIN)

# Target-specific, so it reaches every object these targets build.
test check unit asan asan-units coverage cov-units: WERROR := -Werror

$(BIN): $(OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(LIB_OBJS) tests/unit/harness.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests/unit -o $@ $< $(LIB_OBJS) $(LDFLAGS) $(LDLIBS)

-include $(OBJS:.o=.d)

# The HTML report's stylesheet, compiled in; committed, and regenerated when the CSS changes.
src/report/style_css.auto.h: reports/style.css tests/report/gen-style.sh
	tests/report/gen-style.sh $< > $@

deps:                      ## install missing Debian packages and fetch the test servers (idempotent)
	@tests/pg/install-deps.sh
	@tests/pg/fetch-servers.sh

servers: deps              ## fetch the PostgreSQL 13–18 builds used by the tests into .cache/pg
	@tests/pg/fetch-servers.sh

demo: deps                 ## build, fetch PostgreSQL 18 if missing, run the quick lab series on a throwaway cluster
	@$(MAKE) --no-print-directory $(BIN)
	@tests/pg/fetch-servers.sh 18
	@$(BIN) lab run series --quick

unit: $(BIN) $(UNIT_BINS)  ## unit tests only (no servers)
	@tests/run --unit-only

test: deps                 ## every test tier, against real servers; ends with "N passed, N failed"
	@$(MAKE) --no-print-directory $(BIN) $(UNIT_BINS)
	@tests/pg/fetch-servers.sh
	@tests/run

check: $(BIN) $(UNIT_BINS) ## fast subset: unit + CLI tests
	@tests/run --fast

asan:                      ## AddressSanitizer + UBSan build running the full suite
	@$(MAKE) --no-print-directory BUILD=build-asan BIN=bin/pgknob-asan \
	    OPT="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" bin/pgknob-asan asan-units
	@tests/asan-run.sh

asan-units: $(UNIT_BINS)

# coverage: gcc's --coverage build in build-cov/ (its own objects, so never mixed with build/),
# then tests/coverage-run.sh: the suite (COVERAGE_ARGS=--fast: unit + serverless tiers only)
# against it, and the line-coverage figure of src/ from gcov.
COVERAGE_ARGS ?=
coverage:                  ## instrumented build (build-cov/), the suite against it, src/ line coverage
	@$(MAKE) --no-print-directory BUILD=build-cov BIN=bin/pgknob-cov OPT="-O0 -g --coverage" \
	    LDFLAGS="--coverage" bin/pgknob-cov cov-units
	@tests/coverage-run.sh $(COVERAGE_ARGS)

cov-units: $(UNIT_BINS)

soak: deps                 ## the lab kill trials, 20 per signal on PostgreSQL 18 and 13 (PGKNOB_KILL_TRIALS=N)
	@$(MAKE) --no-print-directory $(BIN)
	@tests/pg/fetch-servers.sh 18 13
	@PGKNOB="$$PWD/$(BIN)" PGKNOB_KILL_TRIALS=$${PGKNOB_KILL_TRIALS:-20} tests/lab/t-lab-kill.sh

fuzz:                      ## build the libFuzzer targets and run each briefly
	@tests/fuzz/run.sh

# fuzz-long: every target (or FUZZ_TARGETS="fuzz_conf ...") for FUZZ_LONG_TIME seconds each,
# one after another (default 600: ten minutes a target); prints execs and crashes per target.
FUZZ_LONG_TIME ?= 600
fuzz-long:                 ## run each libFuzzer target FUZZ_LONG_TIME seconds (default 600)
	@FUZZ_TIME=$(FUZZ_LONG_TIME) tests/fuzz/run.sh $(FUZZ_TARGETS)

bench: $(BIN)              ## benchmarks, as ratios against a peer run in the same process
	@tests/bench/run.sh

catalog:                   ## regenerate src/catalog/catalog_data.auto.c from real servers 13–18
	@src/catalog/gen_catalog.sh

catalog-check:             ## regenerate into a temp file and diff with the committed catalog
	@src/catalog/gen_catalog.sh --check

docs: $(BIN)               ## regenerate docs generated from the code and rule packs
	@tests/docs/gen.sh
	@tests/docs/gen-man.sh

docs-check: $(BIN)
	@tests/docs/gen.sh --check
	@tests/docs/gen-man.sh --check

check-headers:             ## every header compiles on its own
	@for h in $$(find src -name '*.h'); do \
	    echo "#include \"$${h#src/}\"" | $(CC) $(CFLAGS) -x c -fsyntax-only - || exit 1; done

examples: $(BIN)           ## regenerate reports/examples/ (lab stages and a healthy configuration)
	@tests/report/examples.sh --update

golden-update: $(BIN)      ## rewrite the golden reports (tests/golden/report); review the diff
	@tests/report/golden.sh --update

# The man page, from docs/pgknob.1.md by cmark-gfm's man renderer (it writes no .TH: add it).
MAN      := $(BUILD)/pgknob.1
man: $(MAN)                ## build the man page (build/pgknob.1) from docs/pgknob.1.md
$(MAN): docs/pgknob.1.md src/common/version.h
	@mkdir -p $(dir $@)
	@{ printf '.TH PGKNOB 1 "" "pgknob %s" "pgknob manual"\n' \
	    "$$(sed -n 's/.*PK_VERSION "\(.*\)".*/\1/p' src/common/version.h)"; \
	   cmark-gfm --to man docs/pgknob.1.md; } > $@.tmp && mv $@.tmp $@

PREFIX ?= /usr/local
install: $(BIN) $(MAN)
	install -D -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/pgknob
	install -D -m 644 $(MAN) $(DESTDIR)$(PREFIX)/share/man/man1/pgknob.1
	mkdir -p $(DESTDIR)$(PREFIX)/share/pgknob && cp -R rules $(DESTDIR)$(PREFIX)/share/pgknob/

clean:
	rm -rf build build-asan build-cov build-fuzz bin

help:
	@grep -E '^[a-z-]+:.*## ' Makefile | sed 's/:.*## /\t/'
