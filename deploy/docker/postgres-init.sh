#!/usr/bin/env bash
# Creates one database per service (stack mode: a service owns its database and nothing else).
# Run by the postgres image on its first start (/docker-entrypoint-initdb.d); safe to run again
# after adding a service:  docker compose exec postgres bash /docker-entrypoint-initdb.d/10-lms-databases.sh
# LMS_DATABASES: space-separated database names (lms_identity lms_course ...).
set -euo pipefail
for database in ${LMS_DATABASES:?LMS_DATABASES is required}; do
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres --set=db="$database" <<'SQL'
SELECT format('CREATE DATABASE %I', :'db')
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'db')\gexec
SQL
  echo "database $database ready"
done
