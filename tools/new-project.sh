#!/usr/bin/env bash
# Scaffolds an Nx project the way every Parley project is laid out.
#   tools/new-project.sh <root> <npm-name> <kind: service|lib|web> <tags comma separated>
# Creates package.json, project.json (build, lint, typecheck, test, and integration for server code),
# tsconfig.json, jest configs and src/index.ts or src/main.ts. Existing files are left alone.
set -euo pipefail
root=$1 name=$2 kind=$3 tags=$4
top=$(cd "$(dirname "$0")/.." && pwd)
dir="$top/$root"
mkdir -p "$dir/src"
rel=$(realpath --relative-to="$dir" "$top")
tag_json=$(printf '%s' "$tags" | awk -F, '{for(i=1;i<=NF;i++){printf "%s\"%s\"", (i>1?", ":""), $i}}')
project=${name#@parley/}

write() { [ -e "$1" ] || cat > "$1"; }

write "$dir/package.json" <<JSON
{
  "name": "$name",
  "version": "0.0.0",
  "private": true
}
JSON

if [ "$kind" = web ]; then exit 0; fi

main_target=""
if [ "$kind" = service ]; then
  main_target=',
    "serve": {
      "executor": "nx:run-commands",
      "dependsOn": ["build"],
      "options": { "command": "node dist/'"$root"'/src/main.js" }
    }'
fi

write "$dir/project.json" <<JSON
{
  "name": "$project",
  "\$schema": "$rel/node_modules/nx/schemas/project-schema.json",
  "sourceRoot": "$root/src",
  "projectType": "$([ "$kind" = service ] && echo application || echo library)",
  "tags": [$tag_json],
  "targets": {
    "build": {
      "executor": "nx:run-commands",
      "outputs": ["{workspaceRoot}/dist/$root"],
      "options": { "command": "swc $root/src -d dist --config-file .swcrc --quiet" }
    },
    "typecheck": {
      "executor": "nx:run-commands",
      "options": { "command": "tsc -p $root/tsconfig.json" }
    },
    "lint": {
      "executor": "nx:run-commands",
      "options": { "command": "eslint $root" }
    },
    "test": {
      "executor": "nx:run-commands",
      "options": { "command": "jest -c $root/jest.config.cjs" }
    },
    "integration": {
      "executor": "nx:run-commands",
      "options": { "command": "jest -c $root/jest.integration.config.cjs" }
    }$main_target
  }
}
JSON

write "$dir/tsconfig.json" <<JSON
{
  "extends": "$rel/tsconfig.base.json",
  "compilerOptions": { "types": ["node", "jest"] },
  "include": ["src/**/*.ts"]
}
JSON

write "$dir/jest.config.cjs" <<JS
module.exports = require('$rel/jest.preset.cjs').unit(__dirname);
JS
write "$dir/jest.integration.config.cjs" <<JS
module.exports = require('$rel/jest.preset.cjs').integration(__dirname);
JS
if [ "$kind" = lib ]; then write "$dir/src/index.ts" < /dev/null; fi
echo "scaffolded $root ($name)"
