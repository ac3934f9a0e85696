#!/usr/bin/env bash
# Installs, once, what deploy/test/manifests.int-spec.ts needs to render and validate the deployment
# files offline, into TOOLS_DIR (a per-user cache outside the clone, ~/.cache/lms/tools by default,
# shared by every clone). `npm test` runs it in its preparation step (scripts/prepare.sh); the test
# itself never installs. Idempotent: a second run installs nothing and only says what it found.
#
#   kustomize    renders k8s/base and every overlay          go install, pinned
#   kubeconform  validates every rendered object against     go install, pinned
#                the Kubernetes JSON schemas (-strict: unknown fields are errors)
#   schemas      the Kubernetes JSON schemas for kubeconform  PyPI kubernetes-validate, pinned
#   yaml2json    reads YAML for the test (no YAML library    deploy/test/yaml2json, go build
#                is a dependency of the repository)
#
# Why the schemas come from PyPI: kubeconform downloads its schemas from GitHub at run time, which
# is not reachable from the project's machines (only the package registries are). The PyPI package
# kubernetes-validate vendors the same kind of schema set (one JSON schema per kind, generated from
# the Kubernetes OpenAPI document, for Kubernetes 1.25 onward, with "-strict" variants that reject
# unknown fields). Its schemas point at their shared `_definitions.json` by an absolute URL on
# kubernetes.io; this script rewrites that reference to the sibling file and drops the schemas'
# `$id`, so kubeconform resolves every reference from the local directory and never goes online.
set -euo pipefail

KUSTOMIZE_VERSION=v5.7.1
KUBECONFORM_VERSION=v0.7.0
SCHEMAS_PACKAGE=kubernetes-validate
SCHEMAS_PACKAGE_VERSION=1.37.0
# The oldest Kubernetes the manifests must work on, and the newest the schema package knows.
KUBERNETES_VERSIONS=(1.31.0 1.37.0)

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TOOLS=${TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lms/tools}
BIN=$TOOLS/bin
SCHEMAS=$TOOLS/kubernetes-json-schema
mkdir -p "$BIN" "$SCHEMAS"
# One installer at a time per tools directory (two clones may prepare at once).
exec 8>"$TOOLS/.install.lock"
flock 8

say() { echo "ensure-validators: $*"; }

# go install <module>@<version> into $TOOLS/bin, unless the pinned version is already there.
go_tool() {
  local name=$1 module=$2 version=$3 stamp=$BIN/.$1.version
  if [ -x "$BIN/$name" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$version" ]; then
    say "$name $version present"
    return
  fi
  command -v go >/dev/null || {
    say "go is required to install $name"
    exit 1
  }
  say "installing $name $version (go install $module@$version)"
  GOBIN=$BIN GOFLAGS=-mod=mod go install "$module@$version"
  echo "$version" >"$stamp"
}

go_tool kustomize sigs.k8s.io/kustomize/kustomize/v5 "$KUSTOMIZE_VERSION"
go_tool kubeconform github.com/yannh/kubeconform/cmd/kubeconform "$KUBECONFORM_VERSION"

missing=()
for version in "${KUBERNETES_VERSIONS[@]}"; do
  dir=$SCHEMAS/v$version-local-strict
  if [ "$(cat "$dir/.source" 2>/dev/null)" = "$SCHEMAS_PACKAGE==$SCHEMAS_PACKAGE_VERSION" ]; then
    say "Kubernetes $version schemas present ($SCHEMAS_PACKAGE $SCHEMAS_PACKAGE_VERSION)"
  else
    missing+=("$version")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  say "downloading $SCHEMAS_PACKAGE==$SCHEMAS_PACKAGE_VERSION (Kubernetes JSON schemas) from PyPI"
  download=$(mktemp -d)
  trap 'rm -rf "$download"' EXIT
  python3 -m pip download --quiet --no-deps --only-binary=:all: --disable-pip-version-check \
    -d "$download" "$SCHEMAS_PACKAGE==$SCHEMAS_PACKAGE_VERSION"
  for version in "${missing[@]}"; do
    say "extracting the strict schemas of Kubernetes $version"
    python3 - "$download"/*.whl "$version" "$SCHEMAS/v$version-local-strict" <<'PYTHON'
import json, os, shutil, sys, zipfile

wheel, version, target = sys.argv[1:]
prefix = f"kubernetes_validate/kubernetes-json-schema/v{version}-local-strict/"
with zipfile.ZipFile(wheel) as archive:
    names = [n for n in archive.namelist() if n.startswith(prefix) and n.endswith(".json")]
    if not names:
        sys.exit(f"no schemas for Kubernetes {version} in {os.path.basename(wheel)}")
    shutil.rmtree(target, ignore_errors=True)
    os.makedirs(target)
    for name in names:
        text = archive.read(name).decode("utf-8")
        # Point references at the sibling _definitions.json instead of kubernetes.io.
        text = text.replace('"/api/_definitions.json#', '"_definitions.json#')
        schema = json.loads(text)
        schema.pop("$id", None)
        with open(os.path.join(target, name[len(prefix):]), "w", encoding="utf-8") as out:
            json.dump(schema, out)
print(f"ensure-validators: {len(names)} schemas in {os.path.relpath(target)}")
PYTHON
    echo "$SCHEMAS_PACKAGE==$SCHEMAS_PACKAGE_VERSION" >"$SCHEMAS/v$version-local-strict/.source"
  done
fi

# The repository's own helper: rebuilt when its source differs from the one the binary was built
# from (by content: clones sharing the tools directory have different file times).
helper=$ROOT/deploy/test/yaml2json
helper_hash=$(cd "$helper" && find . -type f | LC_ALL=C sort | xargs cat | sha256sum | cut -d' ' -f1)
if [ -x "$BIN/yaml2json" ] && [ "$(cat "$BIN/.yaml2json.version" 2>/dev/null)" = "$helper_hash" ]; then
  say "yaml2json present"
else
  say "building yaml2json (deploy/test/yaml2json)"
  (cd "$helper" && GOFLAGS=-mod=mod go build -o "$BIN/yaml2json" .)
  echo "$helper_hash" >"$BIN/.yaml2json.version"
fi

say "ready: $("$BIN/kustomize" version), kubeconform $KUBECONFORM_VERSION, schemas for Kubernetes ${KUBERNETES_VERSIONS[*]}"
