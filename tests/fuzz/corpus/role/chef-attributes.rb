default[:postgresql][:version] = "9.1"
