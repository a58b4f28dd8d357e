-- Temporal keeps its own databases beside the service's; docker-compose.yml's temporal-schema job
-- creates and upgrades their schemas (deploy/compose/temporal-schema.sh).
CREATE DATABASE temporal;
CREATE DATABASE temporal_visibility;
