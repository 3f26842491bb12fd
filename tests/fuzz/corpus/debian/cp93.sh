#!/bin/sh
sudo cp /x/files/pg_hba.conf /etc/postgresql/9.3/main/pg_hba.conf
