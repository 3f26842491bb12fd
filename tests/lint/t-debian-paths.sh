#!/usr/bin/env bash
# needs: servers
# PK0105: a whole postgresql.conf that takes the place of Debian's
# /etc/postgresql/VERSION/CLUSTER/postgresql.conf with no data_directory (review 2026-12zo, h58a
# 12: an Ansible role's five-line template). Proven first with Debian's own postgresql-common
# and PostgreSQL 15: pg_ctlcluster refuses such a cluster ("Invalid data directory"), while
# hba_file and ident_file it supplies itself. Then the finding, for a committed /etc file, an
# Ansible role, a Chef cookbook and a Salt state, and its close misses: data_directory set, an
# include that may set it, a destination that is not Debian's, another template of the same
# name.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

tmp="$(mktemp -d /tmp/pgknob-debian.XXXXXX)"
cluster="pkt$$"
cleanup() { pg_dropcluster --stop 15 "$cluster" >/dev/null 2>&1; rm -rf "$tmp"; }
trap cleanup EXIT

if command -v pg_createcluster >/dev/null && [ "$(id -u)" = 0 ]; then
  port=$((6400 + $$ % 90))
  if pg_createcluster 15 "$cluster" -p "$port" >/dev/null 2>&1; then
    conf="/etc/postgresql/15/$cluster/postgresql.conf"
    printf "port = %s\nlisten_addresses = ''\nshared_buffers = 32MB\n" "$port" >"$conf"
    out=$(pg_ctlcluster 15 "$cluster" start 2>&1); rc=$?
    check "Debian 15: a cluster whose postgresql.conf sets no data_directory does not start (exit $rc)" \
      bash -c '[ "$1" -ne 0 ] && grep -q "Invalid data directory for cluster" <<<"$2"' _ "$rc" "$out"
    printf "data_directory = '/var/lib/postgresql/15/%s'\nport = %s\nlisten_addresses = ''\n" "$cluster" "$port" >"$conf"
    out=$(pg_ctlcluster 15 "$cluster" start 2>&1); rc=$?
    check "  ... with data_directory alone (no hba_file, no ident_file) it starts (exit $rc)" test "$rc" = 0
    check "  ... pg_ctlcluster supplying hba_file itself" \
      grep -q -- "-c hba_file=/etc/postgresql/15/$cluster/pg_hba.conf" <<<"$(ps -eo args | grep "[1]5/$cluster")"
    pg_ctlcluster 15 "$cluster" stop >/dev/null 2>&1
  else
    fail "pg_createcluster 15 $cluster failed"
  fi
else
  fail "needs root and Debian's postgresql-common (make deps installs it)"
fi

lint_json() { (cd "$(dirname "$1")" && "$PGKNOB" lint --fail-on never --format json "$(basename "$1")" 2>/dev/null); }
pk0105() { lint_json "$1" | jq -r '[.findings[] | select(.rule == "PK0105") | .severity] | join(",")'; }
msg() { lint_json "$1" | jq -r '.findings[] | select(.rule == "PK0105") | .message'; }

# a committed /etc
mkdir -p "$tmp/etcrepo/.git" "$tmp/etcrepo/etc/postgresql/15/main"
printf "port = 5432\nshared_buffers = 1GB\n" >"$tmp/etcrepo/etc/postgresql/15/main/postgresql.conf"
f="$tmp/etcrepo/etc/postgresql/15/main/postgresql.conf"
check "a committed /etc/postgresql/15/main/postgresql.conf with no data_directory: PK0105 an error" test "$(pk0105 "$f")" = error
check "  ... saying where it is and pg_ctlcluster's words" \
  grep -qF 'the file is etc/postgresql/15/main/postgresql.conf of its checkout, Debian'"'"'s cluster configuration, and sets no data_directory' <<<"$(msg "$f")"
printf "data_directory = '/var/lib/postgresql/15/main'\nport = 5432\n" >"$f"
check "  close miss: data_directory set" test -z "$(pk0105 "$f")"
printf "port = 5432\ninclude_dir = 'conf.d'\n" >"$f"
check "  close miss: an include that may set it" test -z "$(pk0105 "$f")"

# an Ansible role's template
mkdir -p "$tmp/role/.git" "$tmp/role/roles/pg/templates" "$tmp/role/roles/pg/tasks"
printf "listen_addresses = '*'\nmax_connections = 100\nshared_buffers = 256MB\n" >"$tmp/role/roles/pg/templates/postgresql.conf.j2"
cat >"$tmp/role/roles/pg/tasks/main.yml" <<'YAML'
- name: install
  apt: name=postgresql-15
- name: configure
  template:
    src: postgresql.conf.j2
    dest: /etc/postgresql/{{ pg_version }}/main/postgresql.conf
  notify: restart postgresql
YAML
f="$tmp/role/roles/pg/templates/postgresql.conf.j2"
check "an Ansible role's template written to /etc/postgresql/{{ v }}/main: PK0105" test "$(pk0105 "$f")" = error
check "  ... naming the task's file and line" \
  grep -qF '../tasks/main.yml (line 6) writes it to /etc/postgresql/{{ pg_version }}/main/postgresql.conf' <<<"$(msg "$f")"
sed -i 's|dest: /etc/postgresql/{{ pg_version }}/main/postgresql.conf|dest: /var/lib/pgsql/data/postgresql.conf|' "$tmp/role/roles/pg/tasks/main.yml"
check "  close miss: written to another layout's path" test -z "$(pk0105 "$f")"
sed -i 's|dest: /var/lib/pgsql/data/postgresql.conf|dest: /etc/postgresql/{{ pg_version }}/main/postgresql.conf|; s|src: postgresql.conf.j2|src: replica/postgresql.conf.j2|' "$tmp/role/roles/pg/tasks/main.yml"
check "  close miss: the task writes another template of the same name (replica/)" test -z "$(pk0105 "$f")"
sed -i 's|src: replica/postgresql.conf.j2|src: postgresql.conf.j2|' "$tmp/role/roles/pg/tasks/main.yml"
printf '{%% for k, v in pg_settings.items() %%}\n{{ k }} = {{ v }}\n{%% endfor %%}\n' >"$f"
check "  close miss: a template that writes names from a variable may write data_directory" test -z "$(pk0105 "$f")"

# a Chef cookbook, a Salt state
mkdir -p "$tmp/chef/.git" "$tmp/chef/cookbooks/pg/templates/default" "$tmp/chef/cookbooks/pg/recipes"
printf "port = <%%= node['pg']['port'] %%>\nshared_buffers = 128MB\n" >"$tmp/chef/cookbooks/pg/templates/default/postgresql.conf.erb"
printf 'template "/etc/postgresql/#{node[%s][%s]}/main/postgresql.conf" do\n  source "postgresql.conf.erb"\n  owner "postgres"\nend\n' "'pg'" "'version'" >"$tmp/chef/cookbooks/pg/recipes/default.rb"
check "a Chef cookbook's template resource: PK0105" test "$(pk0105 "$tmp/chef/cookbooks/pg/templates/default/postgresql.conf.erb")" = error
mkdir -p "$tmp/salt/.git" "$tmp/salt/salt/postgresql"
printf "port = 5432\nlisten_addresses = '*'\n" >"$tmp/salt/salt/postgresql/postgresql.conf"
printf '/etc/postgresql/9.3/main/postgresql.conf:\n  file.managed:\n    - source: salt://postgresql/postgresql.conf\n    - user: postgres\n' >"$tmp/salt/salt/postgresql/init.sls"
check "a Salt state's file.managed: PK0105" test "$(pk0105 "$tmp/salt/salt/postgresql/postgresql.conf")" = error
sed -i 's|^/etc/postgresql/9.3/main/postgresql.conf:|/etc/postgresql/9.3/main/conf.d/tuning.conf:|' "$tmp/salt/salt/postgresql/init.sls"
check "  close miss: written into conf.d, beside Debian's own file" test -z "$(pk0105 "$tmp/salt/salt/postgresql/postgresql.conf")"
# a script that appends a line keeps the rest of the file, data_directory too; a copy of another
# file beside it names no source of this one (review 2026-12zo, h59b 17: a pg_hba.conf told to
# add data_directory, the script's `tee --append …/postgresql.conf` a line below its cp)
mkdir -p "$tmp/sh/.git" "$tmp/sh/vagrant"
printf "host all all 10.0.0.0/8 md5\n" >"$tmp/sh/vagrant/pg_hba.conf"
printf "listen_addresses = '*'\n" >"$tmp/sh/vagrant/postgresql.conf"
printf '#!/bin/sh\nsudo cp /vagrant/vagrant/pg_hba.conf /etc/postgresql/$PGVERSION/main/\necho "listen_addresses = '"'*'"'" | sudo tee --append /etc/postgresql/$PGVERSION/main/postgresql.conf\n' >"$tmp/sh/vagrant/postgres.sh"
check "  close miss: a pg_hba.conf copied beside an appended postgresql.conf" test -z "$(pk0105 "$tmp/sh/vagrant/pg_hba.conf")"
check "  close miss: a postgresql.conf a script appends a line to" test -z "$(pk0105 "$tmp/sh/vagrant/postgresql.conf")"
printf '#!/bin/sh\nsudo cp /vagrant/vagrant/postgresql.conf /etc/postgresql/$PGVERSION/main/postgresql.conf\n' >"$tmp/sh/vagrant/postgres.sh"
check "  ... a script that copies it over Debian's file: PK0105" test "$(pk0105 "$tmp/sh/vagrant/postgresql.conf")" = error
printf -- "- name: copy\n  copy: src=postgresql.conf dest=/tmp/x\n- name: listen\n  lineinfile:\n    dest: /etc/postgresql/15/main/postgresql.conf\n    line: \"listen_addresses = '*'\"\n" >"$tmp/sh/vagrant/site.yml"
rm "$tmp/sh/vagrant/postgres.sh"
check "  close miss: an Ansible lineinfile task beside another task that copies the file elsewhere" test -z "$(pk0105 "$tmp/sh/vagrant/postgresql.conf")"
done_testing
