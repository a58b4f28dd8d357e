#!/bin/sh
# docker-compose.yml's one-shot `temporal-schema` job, in Temporal's admin tools image: creates
# Temporal's two schemas in PostgreSQL, or brings them up to the version of this
# temporal-sql-tool (the server's own version). Each step leaves alone what is done already, so
# the job runs at every `docker compose up`. It reads the variables Temporal's server image
# reads, which the compose file gives both. The databases themselves are created with
# PostgreSQL's volume (scripts/postgres-init.sql).
set -eu

export SQL_PLUGIN="$DB" SQL_HOST="$POSTGRES_SEEDS" SQL_PORT="$DB_PORT" SQL_USER="$POSTGRES_USER" SQL_PASSWORD="$POSTGRES_PWD"

upgrade() {
  # `setup-schema -v 0.0` creates only the version tables; `update-schema` applies what is missing.
  temporal-sql-tool --db "$1" setup-schema -v 0.0
  temporal-sql-tool --db "$1" update-schema --schema-name "$2"
}

upgrade "$DBNAME" postgresql/v12/temporal
upgrade "$VISIBILITY_DBNAME" postgresql/v12/visibility
echo "Temporal's schemas are up to date in $DBNAME and $VISIBILITY_DBNAME"
