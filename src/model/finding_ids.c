#include "model/finding_ids.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

static const FindingId ids[] = {
    {"PK0001", "validation.syntax-error", "syntax error", SEV_ERROR,
     "A line the server's configuration lexer cannot read: the server refuses to start.",
     "lint/validate.c"},
    {"PK0003", "validation.unrendered-template", "template never rendered", SEV_ERROR,
     "Placeholders of a template ({{ }}, ${VAR}, <%= %>, @VAR@, a script's __VAR__, %VAR% or"
     " {var}, a sed script's bare words, redacted values such as xxxx or CHANGEME, a $VAR in a"
     " path) where values belong: one finding for the file, with the count and the lines. A"
     " notice that says to lint the rendered file when the file is a template by design (its"
     " name, its directory, a template engine's syntax, a script's stand-in, redacted values); an"
     " error where the server reads it as it is.",
     "lint/template.c"},
    {"PK0006", "validation.template-prints-nothing", "template tag that prints nothing", SEV_ERROR,
     "An ERB code or comment tag (<% x %>, <%- x -%>, <%# x %>) where a value belongs: it prints"
     " nothing, so every rendering of the template has a line with no value, a syntax error the"
     " server refuses to start with, whatever the deployment's values. One finding for the file"
     " with the lines; <%= x %> prints.",
     "lint/template.c"},
    {"PK0007", "validation.template-renders-syntax-error", "template line no rendering reads",
     SEV_ERROR,
     "A template's `name = value` line whose shape, with each tag that prints a value taken as a"
     " word, is a syntax error (two quoted strings with a comma between them): every rendering"
     " refuses to start, whatever the deployment's values. One finding for the file with the"
     " lines.",
     "lint/template.c"},
    {"PK0004", "validation.target-major", "the major checked, and why", SEV_NOTICE,
     "No --pg-version, PG_VERSION or manifest version: the major the file's own paths"
     " (/var/lib/postgresql/17/main, /usr/pgsql-16), Debian cluster_name ('15/main') or pgtune"
     " header (# DB Version: 13) or header comment (# PostgreSQL 17) name is the one checked, or,"
     " when they disagree or name a major"
     " outside 13-18, the default, said so. When nothing names one, the one major the"
     " parameters the file sets leave, where an addition and a removal meet"
     " (default_toast_compression with stats_temp_directory: 14).",
     "lint/major.c"},
    {"PK0005", "validation.major-end-of-life", "major out of support", SEV_WARNING,
     "The major the file's own words name (paths, cluster_name, a header, parameters only older"
     " majors have) is past its final release in the PostgreSQL versioning policy: no security"
     " or bug fix any more. A notice under purpose test or benchmark.",
     "lint/major.c"},
    {"PK0002", "validation.include-error", "unreadable configuration file", SEV_ERROR,
     "A missing include, an include cycle, nesting too deep or an unreadable file.",
     "lint/validate.c"},
    {"PK0010", "validation.unknown-parameter", "unknown parameter", SEV_ERROR,
     "A name no PostgreSQL version knows and not a custom ext.name parameter; two or more of one"
     " unprefixed family (abtree_*, a patched build's) are one finding listing them.",
     "lint/validate.c"},
    {"PK0011", "validation.parameter-not-in-version", "parameter not in this version", SEV_ERROR,
     "A parameter that was added later, removed or renamed: unknown to the target version.",
     "lint/validate.c"},
    {"PK0012", "validation.deprecated-alias", "deprecated parameter name", SEV_NOTICE,
     "An old name the server still maps to its new one.", "lint/validate.c"},
    {"PK0013", "validation.unknown-module-parameter", "unknown parameter of a module", SEV_WARNING,
     "A name under the prefix of a module shipped with PostgreSQL (pg_stat_statements.trak) that"
     " the module does not define: from 15 on the server removes it with a WARNING when the"
     " module loads; before, it stays an unused placeholder.",
     "lint/extension.c"},
    {"PK0014", "validation.custom-parameter", "parameter of an unknown module", SEV_NOTICE,
     "A prefix.name parameter of a module outside the PostgreSQL distribution (cron.*): the server"
     " keeps it as a placeholder and so does pgknob, unchecked.",
     "lint/extension.c"},
    {"PK0020", "validation.invalid-value", "invalid value", SEV_ERROR,
     "A value of the wrong type, with a wrong or wrongly-cased unit, or not one of the choices.",
     "lint/validate.c"},
    {"PK0021", "validation.out-of-range", "value out of range", SEV_ERROR,
     "A value outside the parameter's range after unit conversion and rounding.",
     "lint/validate.c"},
    {"PK0022", "validation.ignored-invalid-value", "invalid value overridden", SEV_NOTICE,
     "An invalid value the server never checks because a later line sets the same name.",
     "lint/validate.c"},
    {"PK0023", "validation.build-dependent-value", "value needs an optional build feature",
     SEV_NOTICE,
     "A value only servers built with an optional library accept (io_uring, lz4, zstd), or"
     " only servers on some platforms (dynamic_shared_memory_type = windows).",
     "lint/validate.c"},
    {"PK0024", "validation.overridden-setting", "setting overridden by a later line", SEV_NOTICE,
     "A later line (the same file, an include, conf.d or postgresql.auto.conf) sets the same"
     " parameter to a different value: the earlier line has no effect.",
     "lint/validate.c"},
    {"PK0025", "validation.module-invalid-value", "invalid value of a module parameter",
     SEV_WARNING,
     "A value a module rejects (pg_stat_statements.track = al): when the module loads, the server"
     " logs a WARNING and uses the default; it starts regardless (established per major).",
     "lint/extension.c"},
    {"PK0026", "validation.module-not-loaded", "module parameter without its module", SEV_NOTICE,
     "A parameter of a module that works only from shared_preload_libraries (or archive_library)"
     " while the configuration does not load it there: the setting does nothing. A warning for"
     " timescaledb, pg_cron, citus and pgaudit, which refuse to load any other way, so their"
     " extension cannot be created, where the author names the extension.",
     "lint/extension.c"},
    {"PK0027", "validation.timezone-fixed-offset", "time zone read as a fixed POSIX offset",
     SEV_WARNING,
     "A timezone or log_timezone that names no zone but reads as a POSIX offset whose name is a"
     " zone (Australia0, EST5, UTC+3): the server uses a fixed offset, with the POSIX sign"
     " (positive is west of Greenwich) and no daylight-saving time. A notice when the file's"
     " other time zone names a zone at that offset all year (GMT-3 beside W-SU).",
     "lint/validate.c"},
    {"PK0028", "validation.extension-worker-budget", "worker slots short of modules' need",
     SEV_WARNING,
     "Background-worker modules in shared_preload_libraries (timescaledb, pg_cron, pg_partman_bgw,"
     " pg_squeeze, pglogical, citus, pg_prewarm) need more max_worker_processes than there are: "
     "their"
     " workers + the logical replication launcher, + max_parallel_workers when a module runs"
     " its jobs in a pool of workers started on demand (TimescaleDB's documented minimum,"
     " pg_cron with cron.use_background_workers).",
     "lint/extension.c"},
    {"PK0029", "validation.stack-depth-above-limit", "max_stack_depth above the stack limit",
     SEV_WARNING,
     "max_stack_depth above the server's stack limit (ulimit -s) less 512kB: the server refuses"
     " the value and does not start (an error when --host gives the limit; a warning against"
     " Linux's default of 8MB otherwise).",
     "lint/validate.c"},
    {"PK0030", "validation.needs-minor-release", "needs a newer minor release", SEV_WARNING,
     "A parameter that arrived in a minor release: older servers of the major refuse it.",
     "lint/validate.c"},
    {"PK0031", "validation.auto-explain-analyze", "auto_explain.log_analyze times every statement",
     SEV_WARNING,
     "auto_explain loaded (shared_preload_libraries or session_preload_libraries) with"
     " log_analyze on and log_min_duration >= 0: every sampled statement is instrumented, logged"
     " or not; with log_timing on (the default) every plan node reads the clock per row (a"
     " notice with log_timing off).",
     "lint/extension.c"},
    {"PK0032", "validation.deprecated-value", "old name of a value", SEV_NOTICE,
     "An old name of a value the server still maps to its new one (wal_level = hot_standby).",
     "lint/validate.c"},
    {"PK0040", "validation.cannot-be-changed", "parameter cannot be changed", SEV_ERROR,
     "A read-only (internal) parameter: setting it in a file stops the server.", "lint/validate.c"},
    {"PK0050", "validation.startup-check", "refused at startup", SEV_ERROR,
     "A combination of settings the server checks at startup and refuses.", "lint/validate.c"},
    {"PK0060", "validation.locale-not-installed", "locale not installed here", SEV_NOTICE,
     "On the target (a data directory, --host local), a warning for an lc_* locale this machine"
     " lacks: the server refuses to start. Off it, a notice for a name setlocale() cannot take,"
     " or for a locale beyond C, POSIX, C.UTF-8 and en_US that the server must have.",
     "lint/validate.c"},
    {"PK0061", "validation.host-dependent", "depends on the server host", SEV_NOTICE,
     "A preload library that is not part of the PostgreSQL distribution (neither core nor"
     " contrib), or a path of the server host: the server refuses to start where it is"
     " missing.",
     "lint/validate.c"},
    {"PK0062", "validation.shared-memory-exceeds-host", "shared memory the host cannot provide",
     SEV_NOTICE,
     "The estimated shared memory (shared_buffers, wal_buffers, lock tables, per-connection"
     " share) exceeds the host's RAM or memory limit (with --host): the server may refuse to"
     " start on that machine (a warning with --host local, where this machine is the server).",
     "lint/validate.c"},
    {"PK0063", "validation.huge-pages-needed", "huge pages to reserve", SEV_NOTICE,
     "huge_pages = on or try: the vm.nr_hugepages the server's shared memory needs, counted as"
     " PostgreSQL 15+ reports shared_memory_size_in_huge_pages (a warning when a container's"
     " hugepages-2Mi or hugepages-1Gi limit is smaller).",
     "lint/hugepages.c"},
    {"PK0064", "validation.ssl-file-missing", "ssl certificate or key missing on the target",
     SEV_ERROR,
     "ssl = on where the data directory is known (a data directory linted, or --host local with"
     " an absolute data_directory): ssl_cert_file or ssl_key_file, resolved against the data"
     " directory as the server does, is missing there, and the server refuses to start.",
     "lint/validate.c"},
    {"PK0065", "validation.library-misspelt", "preload library name misspelt", SEV_ERROR,
     "A name in shared_preload_libraries, session_preload_libraries or local_preload_libraries"
     " that no PostgreSQL build or well-known extension has as a library, within a typo of one"
     " that does (pg_audit for pgaudit, pg_stat_statement): the server refuses to start"
     " (shared) or every connection fails (session, local) with \"could not access file\".",
     "lint/libraries.c"},
    {"PK0066", "validation.path-relative", "server path relative to the launch directory",
     SEV_WARNING,
     "data_directory, hba_file or ident_file written as a relative path: the server resolves it"
     " against the directory it is started from, so where it points depends on how it is"
     " started (a notice for ident_file, whose absence fails only map= logins).",
     "lint/validate.c"},
    {"PK0070", "manifest.operator-refuses", "parameter the operator or service refuses", SEV_ERROR,
     "A parameter the operator manages itself or needs at its default (CloudNativePG's fixed and"
     " blocked parameters): its admission check rejects the manifest. A managed service's API"
     " refuses what it does not let one set, or set so (AWS: a static parameter applied"
     " immediately).",
     "lint/input_notes.c"},
    {"PK0071", "manifest.operator-sets", "written where it takes no effect", SEV_WARNING,
     "A parameter the operator or Patroni sets itself (listen_addresses, port, cluster_name,"
     " hot_standby) or takes from the DCS only (max_connections and the other replica-sensitive"
     " ones), or a key where the tool never reads it (dynamic configuration at the top of a"
     " Patroni file, a parameter beside parameters:, initdb outside bootstrap, bootstrap.users"
     " from Patroni 4): what is written has no effect.",
     "lint/input_notes.c"},
    {"PK0072", "manifest.not-a-string", "value the manifest cannot pass", SEV_ERROR,
     "An unquoted number or boolean where the resource's schema takes only strings (CloudNativePG"
     " and Zalando parameters): the API server refuses the manifest; or a mapping or list where a"
     " parameter's value belongs (any manifest, Patroni's included): it is not passed on.",
     "lint/input_notes.c"},
    {"PK0073", "manifest.yaml-conversion", "the server gets another value than written", SEV_NOTICE,
     "An unquoted scalar that YAML types (on, 0644, 1.50): the server gets the text the operator"
     " prints for it (True, 420, 1.5), not what is written; reported only where the server"
     " reads that text as another setting (log_statement: off sent as False). Also a parameter"
     " Patroni converts for the major (wal_keep_segments passed as wal_keep_size on 13 and"
     " later).",
     "lint/input_notes.c"},
    {"PK0074", "manifest.null-value", "null value", SEV_NOTICE,
     "A parameter whose YAML value is null (~, empty): it is not passed to the server.",
     "lint/input_notes.c"},
    {"PK0075", "manifest.formula-not-evaluated", "value not evaluated", SEV_NOTICE,
     "An RDS parameter-group formula ({DBInstanceClassMemory/32768}) that needs the instance"
     " class (--host instance_class=...), or a Terraform value only Terraform can evaluate (a"
     " function call, a variable with no value, another resource's attribute): named, and the"
     " parameter's value is not checked.",
     "lint/input_notes.c"},
    {"PK0076", "manifest.service-restricted", "parameter or value the service refuses", SEV_ERROR,
     "With --target: a parameter the managed service does not let you set (read-only, or not in"
     " its parameter list), or a value outside the range or the values it allows: the service's"
     " API call fails (the server is never asked).",
     "lint/target.c"},
    {"PK0077", "manifest.service-sets", "parameter the service sets itself", SEV_WARNING,
     "With --target: a parameter the managed service sets itself (its own paths and port): this"
     " value does not reach the server.",
     "lint/target.c"},
    {"PK0078", "manifest.service-unlisted", "value the service does not list", SEV_NOTICE,
     "With --target: a value outside a list the service publishes without calling it complete"
     " (RDS's supported shared_preload_libraries): check that the service supports it.",
     "lint/target.c"},
    {"PK0079", "manifest.patroni-static-sync", "synchronous standbys Patroni does not manage",
     SEV_WARNING,
     "A Patroni file sets synchronous_standby_names while synchronous_mode is off: Patroni passes"
     " it as written to whichever node leads, and every commit waits (it does not fail) while no"
     " listed standby is connected; synchronous_mode lets Patroni choose the standbys.",
     "lint/input_notes.c"},
    {"PK0084", "manifest.patroni-timing", "Patroni timings that break its own rule", SEV_WARNING,
     "A Patroni file's ttl, loop_wait and retry_timeout (bootstrap.dcs) break the rule its"
     " documentation sets, loop_wait + 2 x retry_timeout <= ttl, or go below its minimums:"
     " Patroni 3.2 and later change them at start, and earlier versions let the leader key"
     " expire while the leader is still retrying the DCS.",
     "lint/input_notes.c"},
    {"PK0085", "manifest.patroni-connect-address", "a connect_address no other member reaches",
     SEV_WARNING,
     "A Patroni file's postgresql.connect_address or restapi.connect_address names a wildcard"
     " host (0.0.0.0, *, ::): Patroni publishes it to the DCS as where the other members and"
     " clients reach this one, and patroni --validate-config rejects it.",
     "lint/input_notes.c"},
    {"PK0086", "manifest.patroni-restapi-open", "a Patroni REST API that asks nothing", SEV_WARNING,
     "A Patroni file's REST API listens beyond loopback with no restapi.authentication, allowlist"
     " or required client certificate: anyone who reaches the port may restart, fail over or"
     " reinitialize the member, and PATCH /config rewrites the cluster's PostgreSQL parameters.",
     "lint/input_notes.c"},
    {"PK0087", "manifest.guessable-password", "a password anyone can guess", SEV_WARNING,
     "A Patroni file's credential (postgresql.authentication's superuser, replication or rewind"
     " user, bootstrap.users, restapi or ctl authentication) whose password, written in the file,"
     " is its user name or a well-known default (Patroni's sample's zalando, rep-pass,"
     " rewind_password; postgres, password, admin, secret, changeme). The password is never"
     " printed.",
     "lint/input_notes.c"},
    {"PK0080", "cluster.standby-setting-lower", "standby setting lower than the primary's",
     SEV_ERROR,
     "With --cluster: max_connections, max_worker_processes, max_wal_senders,"
     " max_prepared_transactions or max_locks_per_transaction lower on a hot standby than on its"
     " primary: the standby refuses to start.",
     "lint/cluster.c"},
    {"PK0081", "cluster.wal-level-minimal", "wal_level minimal on a primary with standbys",
     SEV_ERROR, "With --cluster: the primary's wal_level is minimal: no standby can follow it.",
     "lint/cluster.c"},
    {"PK0082", "cluster.sync-standby-unknown", "synchronous_standby_names names no standby",
     SEV_WARNING,
     "With --cluster: synchronous_standby_names lists none of the standbys' names: every commit"
     " waits for a confirmation that never comes.",
     "lint/cluster.c"},
    {"PK0083", "cluster.feedback-without-delay-limit", "hot_standby_feedback without a delay limit",
     SEV_WARNING,
     "With --cluster: hot_standby_feedback = on with max_standby_*_delay = -1 on a standby:"
     " replay may wait without limit.",
     "lint/cluster.c"},
    /* what the file shows of its author's intent (lint/intent.c) */
    {"PK0090", "intent.purpose-from-file", "purpose taken from the file", SEV_NOTICE,
     "No --purpose and no purpose in .pgknob.ini, and the file's header or the comment on an"
     " opt-out line states one (\"for testing\", \"benchmark\", \"CI\"), a word of its path"
     " shows one (conf/test-db/, benchmark/), or its settings do (data in /dev/shm, logs sent to"
     " /dev/null, fsync off with other opt-outs such as wal_level minimal and no WAL sender): it"
     " is judged as such, and the notice names the evidence.",
     "lint/intent.c"},
    {"PK0091", "intent.host-contradicted", "host facts the file contradicts", SEV_NOTICE,
     "The file states its host (\"# 32 GB RAM\", pgtune's header) or is sized for a bigger one,"
     " and --host says otherwise, or (no --host) its own effective_cache_size or shared_buffers"
     " outgrows the RAM it states: every fix derived from the contradicted fact is unsafe.",
     "lint/intent.c"},
    {"PK0092", "intent.host-from-file", "host facts taken from the file", SEV_NOTICE,
     "No --host, and the file's comments state its RAM, cores or storage: they serve as host"
     " facts, and the finding says where each came from.",
     "lint/intent.c"},
    {"PK0095", "validation.listen-address-with-port",
     "a port written after an address in listen_addresses", SEV_ERROR,
     "listen_addresses takes host names and addresses; an entry written with a port"
     " ('localhost:5432') cannot be resolved. When no entry is left to listen on the server stops"
     " at startup (\"could not create any TCP/IP sockets\"), an error; beside entries that work it"
     " warns and listens on those, a warning. The port goes in port.",
     "lint/validate.c"},
    {"PK0101", "intent.mounted-into-data-directory",
     "a file mounted into the data directory initdb must find empty", SEV_WARNING,
     "A compose service bind-mounts the file directly inside its data directory (its PGDATA, or"
     " /var/lib/postgresql/data): on a new volume the directory is not empty when the entrypoint"
     " runs initdb, which refuses it (\"exists but is not empty\"), so the container stops and"
     " the database never starts.",
     "lint/container.c"},
    {"PK0100", "intent.mounted-hba-not-read", "a pg_hba.conf its container never reads",
     SEV_WARNING,
     "A compose service runs the file as its config_file and bind-mounts a pg_hba.conf outside the"
     " data directory, while neither the file nor the command sets hba_file: the server reads the"
     " data directory's pg_hba.conf, where the official image allows every host with a password.",
     "lint/container.c"},
    {"PK0104", "intent.pre18-data-volume", "a volume where PostgreSQL 18's image keeps no data",
     SEV_ERROR,
     "A compose service of an official PostgreSQL image of 18 or later (or the postgres image's"
     " latest tag) keeps a volume at /var/lib/postgresql/data and leaves PGDATA alone: from 18 the"
     " image's data directory is /var/lib/postgresql/18/docker, and its entrypoint refuses to"
     " create a cluster while /var/lib/postgresql/data is a mount point, so the container never"
     " starts.",
     "lint/container.c"},
    {"PK0105", "intent.debian-without-data-directory",
     "a Debian cluster's postgresql.conf with no data_directory", SEV_ERROR,
     "The file takes the place of Debian's /etc/postgresql/VERSION/CLUSTER/postgresql.conf (it is"
     " that file of a committed /etc, or a deployment file of its checkout writes it there) and"
     " sets no data_directory: pg_ctlcluster finds the cluster's data directory in that file, so"
     " the cluster does not start.",
     "lint/debian.c"},
    {"PK0103", "intent.trust-published", "a container that lets every address in with no password",
     SEV_WARNING,
     "A compose service runs the file with POSTGRES_HOST_AUTH_METHOD: trust and publishes the"
     " server's port beyond the host's loopback, while the server reads the data directory's"
     " pg_hba.conf: the official image's entrypoint adds `host all all all trust` there, so"
     " anyone who reaches the host connects as any role, the superuser included.",
     "lint/reach.c"},
    {"PK0102", "manifest.role-without-login", "a managed role with a password but no login",
     SEV_WARNING,
     "A CloudNativePG Cluster's spec.managed.roles gives a role a passwordSecret but not login:"
     " true. The operator creates a managed role with NOLOGIN unless login is true (its API's"
     " default is false), so nothing can connect as the role with that password.",
     "lint/input_notes.c"},
    {"PK0099", "manifest.no-backup", "an operator's cluster with no backup", SEV_WARNING,
     "A CloudNativePG Cluster with no spec.backup and no WAL-archiving plugin: there is no base"
     " backup and no WAL archive to restore it from, nor to recover to a point in time.",
     "lint/input_notes.c"},
    {"PK0098", "intent.container-syslog", "a container's log sent to syslog alone", SEV_WARNING,
     "log_destination is syslog and nothing else, in a file a container runs: a container image"
     " runs no syslog daemon to read /dev/log, so every line after start-up is lost.",
     "lint/intent.c"},
    {"PK0097", "intent.mounted-not-read", "a file its container never reads", SEV_WARNING,
     "A compose service of a PostgreSQL image bind-mounts the file where the server never reads"
     " it: not the data directory's postgresql.conf, not initdb's sample, and the command names"
     " no config_file. None of its settings takes effect.",
     "lint/container.c"},
    {"PK0096", "validation.listen-addresses-clients", "listen_addresses written as a client list",
     SEV_WARNING,
     "Three or more IPv4 addresses of one /24 in listen_addresses, as if it chose who may"
     " connect: it names the server's own interfaces. The server binds those it has and warns for"
     " the rest; with none of them it stops at startup (\"could not create any TCP/IP sockets\")."
     " Clients are chosen in pg_hba.conf.",
     "lint/validate.c"},
    {"PK0093", "intent.listen-loopback-only", "loopback only, though the file is for the network",
     SEV_WARNING,
     "listen_addresses not set (the default, localhost) in a configuration file for a server"
     " reached over the network: ssl = on, synchronous_standby_names, or a compose file or"
     " Dockerfile of its repository that runs the server with it as config_file (the official"
     " image's '*' is in its own sample, which such a file replaces). No other host can"
     " connect. A notice when listen_addresses is written as loopback on purpose.",
     "lint/network.c"},
    {"PK0094", "intent.replaced-initdb-shared-buffers",
     "shared_buffers falls to 8MB: the file replaces initdb's", SEV_WARNING,
     "A file a compose file or Dockerfile of its repository runs as config_file, or a copy of"
     " the stock sample, for PostgreSQL 13 or 14, that does not set shared_buffers: it replaces"
     " the postgresql.conf initdb wrote with shared_buffers = 128MB, and those majors build in"
     " 1024 buffers (8MB).",
     "lint/container.c"},
    /* pg_hba.conf and pg_ident.conf (lint/lint_hba.c): the server's own verdict */
    {"PK0201", "hba.invalid-line", "pg_hba.conf line the server rejects", SEV_ERROR,
     "A pg_hba.conf line the server cannot load (unknown method, bad address, an option the"
     " method does not take): it refuses to start, and a reload keeps the old rules.",
     "lint/lint_hba.c audit/audit_hba.c"},
    {"PK0202", "hba.unreadable-file", "pg_hba.conf cannot be read", SEV_ERROR,
     "pg_hba.conf (or hba_file) is missing or unreadable: the server refuses to start.",
     "lint/lint_hba.c"},
    {"PK0203", "hba.no-entries", "pg_hba.conf has no entries", SEV_ERROR,
     "A pg_hba.conf with no line at all: the server refuses to start.", "lint/lint_hba.c"},
    {"PK0204", "hba.line-cannot-match", "pg_hba.conf line that cannot match", SEV_WARNING,
     "A hostssl line while ssl is off, or a hostgssenc line on a build without GSSAPI: the"
     " server starts and logs it, and the line matches nothing.",
     "lint/lint_hba.c audit/audit_hba.c"},
    {"PK0205", "hba.ident-invalid-line", "pg_ident.conf line the server rejects", SEV_WARNING,
     "A pg_ident.conf line the server cannot load: it still starts, but uses no map of the file"
     " (at startup) or keeps the old maps (on reload).",
     "lint/lint_hba.c"},
    {"PK0206", "hba.ident-unreadable", "pg_ident.conf cannot be read", SEV_WARNING,
     "pg_ident.conf (or ident_file) is missing while a pg_hba.conf line uses map=: the server"
     " starts, and every map= login fails.",
     "lint/lint_hba.c"},
    {"PK0207", "hba.missing-map", "map not in pg_ident.conf", SEV_WARNING,
     "A pg_hba.conf line names a map= that pg_ident.conf does not define: the server starts,"
     " and every login through that line fails.",
     "lint/lint_hba.c"},
    {"PK0208", "hba.logged-only", "value the server only logs", SEV_NOTICE,
     "A skipped include_if_exists file, or an option value the server logs and keeps (an"
     " invalid ldapscheme).",
     "lint/lint_hba.c"},
    {"PK0209", "hba.not-checked", "manifest pg_hba line not checked", SEV_NOTICE,
     "A manifest's pg_hba line with an @file, an include directive or a ${...} reference: what"
     " it names exists only where the server runs, so pgknob does not check the line.",
     "lint/lint_hba.c"},
    /* pg_hba.conf semantics (lint/lint_hba.c), also run by audit on pg_hba_file_rules */
    {"PK0210", "hba.shadowed-line", "pg_hba.conf line shadowed by an earlier line", SEV_WARNING,
     "Every connection this line could match is matched first by an earlier line: it never"
     " applies.",
     "lint/lint_hba.c"},
    {"PK0211", "hba.trust-on-tcp", "trust on a TCP line", SEV_WARNING,
     "trust lets anyone who can reach the address connect as any user named, without a"
     " password.",
     "lint/lint_hba.c"},
    {"PK0212", "hba.cleartext-password", "password sent in clear text", SEV_WARNING,
     "password, pam, ldap or radius on a line that also matches connections without SSL: the"
     " password crosses the network in clear text.",
     "lint/lint_hba.c"},
    {"PK0213", "hba.any-address-weak-method", "any address with a weak method", SEV_ERROR,
     "A line open to every address (all, 0.0.0.0/0, ::/0) with trust, password or md5.",
     "lint/lint_hba.c"},
    {"PK0214", "hba.md5-with-scram", "md5 lines with password_encryption = scram-sha-256",
     SEV_NOTICE,
     "md5 on a server that stores SCRAM verifiers: SCRAM is used anyway for them, but a role"
     " still holding an MD5 hash logs in with the weaker method.",
     "lint/lint_hba.c"},
    {"PK0215", "hba.scram-with-md5", "scram-sha-256 lines with password_encryption = md5",
     SEV_WARNING,
     "Passwords set now are stored as MD5 hashes, which scram-sha-256 lines cannot check:"
     " those roles cannot log in.",
     "lint/lint_hba.c"},
    {"PK0216", "hba.listen-all-with-trust", "listen_addresses = '*' with trust", SEV_ERROR,
     "The server listens on every interface and a TCP line beyond the loopback trusts its"
     " clients.",
     "lint/lint_hba.c"},
    {"PK0217", "hba.replication-without-ssl", "replication line without SSL", SEV_WARNING,
     "A replication line of type host or hostnossl beyond the loopback: the WAL stream and the"
     " password may cross the network unencrypted. On a line open to every address with a weak"
     " method, PK0213 says it.",
     "lint/lint_hba.c"},
    {"PK0218", "hba.clientcert-without-ca", "client certificates that cannot be verified",
     SEV_WARNING,
     "cert or clientcert on a server whose ssl_ca_file is empty: no client certificate can be"
     " verified, so these logins fail.",
     "lint/lint_hba.c"},
    {"PK0219", "hba.trust-on-local", "trust on a local line", SEV_NOTICE,
     "trust on a Unix-socket line lets any user of the machine who can open the socket connect"
     " as any role named, without a password.",
     "lint/lint_hba.c"},
    {"PK0220", "hba.reject-before-admit", "a reject line that refuses every client of a kind",
     SEV_WARNING,
     "reject for every database and user from every IPv4 or IPv6 address before lines that"
     " would admit such clients: those clients never log in through them.",
     "lint/lint_hba.c"},
    {"PK0221", "hba.mask-wider-than-address",
     "an address whose mask keeps fewer bits than it writes", SEV_WARNING,
     "An IPv4 network written with more of its octets than its mask keeps (10.10.0.0/8): the"
     " server matches by the mask alone, so the line admits the whole wider range.",
     "lint/lint_hba.c"},
    /* audit (the server's own facts, and --compare) */
    {"PK0901", "audit.config-file-error", "configuration file error", SEV_ERROR,
     "pg_file_settings reports an error (a missing include, a syntax error, a value that cannot"
     " be applied): the server ignored it on reload and will refuse to start with it.",
     "db/snapshot_db.c"},
    {"PK0902", "audit.pending-restart", "setting waits for a restart", SEV_WARNING,
     "pg_settings.pending_restart: a changed postmaster parameter waits for a restart.",
     "db/snapshot_db.c"},
    {"PK0903", "audit.evidence-unavailable", "evidence unavailable", SEV_NOTICE,
     "A piece of evidence could not be read (permission denied, timeout, connection lost), with"
     " the reason and a hint.",
     "cli/cmd_audit.c"},
    {"PK0904", "audit.partial", "partial audit", SEV_NOTICE,
     "At least one PK0903: the audit is partial, rules that needed the evidence were skipped.",
     "cli/cmd_audit.c"},
    {"PK0910", "audit.drift", "live value differs from the configuration", SEV_WARNING,
     "With --compare FILE: a live value differs from FILE's, with where the live value comes"
     " from.",
     "audit/drift.c"},
    {"PK0911", "audit.role-override", "per-role or per-database setting", SEV_NOTICE,
     "With --compare: an ALTER ROLE / DATABASE ... SET setting (pg_db_role_setting); a warning"
     " for the memory parameters, whose largest value the memory rules count.",
     "audit/drift.c"},
};

const FindingId *finding_ids(size_t *n_ids)
{
    *n_ids = sizeof(ids) / sizeof(ids[0]);
    return ids;
}

const FindingId *finding_id_find(const char *id)
{
    for (size_t idx = 0; idx < sizeof(ids) / sizeof(ids[0]); idx++)
        if (!strcmp(ids[idx].id, id))
            return &ids[idx];
    return NULL;
}

void finding_id_category(const FindingId *row, char *buf, size_t size)
{
    snprintf(buf, size, "%.*s", (int)strcspn(row->name, "."), row->name);
}

Finding *finding_raise(FindingList *out, const char *id, char *title)
{
    const FindingId *row = finding_id_find(id);
    if (!row)
        abort(); /* a programming error: tests/docs/layout.sh checks every literal id */
    char category[32];
    finding_id_category(row, category, sizeof(category));
    Finding *f = findings_add(out, row->id, row->name, row->severity, category);
    f->title = title ? finding_take(f, title) : finding_strdup(f, row->title);
    return f;
}
