#!/bin/sh
# Stand-in for Prisma's native schema engine, which cannot be downloaded on these machines.
# `prisma generate` only needs its path to exist. Anything that really needs the engine
# (migrate dev/deploy/diff, db push) must fail loudly instead of silently doing nothing.
echo "askdata: the native Prisma schema engine is not available here." >&2
echo "Use 'npm run db:migrate' (applies migrations through @prisma/schema-engine-wasm) or" >&2
echo "'npx tsx packages/db/src/cli/make-migration.ts <name>' to create a migration." >&2
exit 1
