install -m 644 files/pg_hba.conf /etc/postgresql/16/main/
cp files/postgresql.conf /etc/postgresql/16/main/postgresql.conf
