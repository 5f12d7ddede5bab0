#!/usr/bin/env bash
# `make docs`: the DocC site of the PushNormaliser product, with the toolchain's own docc (no plugin).
# Symbol graphs of PushNormaliser and the modules it re-exports for its model and codec (PushCore, JSONCodec) come
# from `swift package dump-symbol-graph`; `docc convert` turns them and Sources/PushNormaliser/PushNormaliser.docc
# into a static site under .build/docs. Any docc warning (an unresolved link, a broken article) fails the build.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
OUT=${DOCS_OUT:-.build/docs}
MODULES=(PushNormaliser PushCore JSONCodec)
DOCC=${DOCC:-$(command -v docc || true)}
if [ -z "$DOCC" ]; then
  DOCC=$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/docc
fi
[ -x "$DOCC" ] || { echo "docs: no docc next to $SWIFT (set DOCC=/path/to/docc)"; exit 1; }

graphs="$($SWIFT build --show-bin-path)/../symbolgraph"
rm -rf "$graphs"
# dump-symbol-graph extracts every module; swift-symbolgraph-extract 6.3.1 crashes on APNsAdapter (a deserialisation
# error in an extension of APNsWire) and the command then exits 1, having written the others. Only the graphs of
# the documented modules are required, so its status is not used: their presence is checked below.
$SWIFT package dump-symbol-graph --skip-synthesized-members --minimum-access-level public >.build/docs-symbolgraph.log 2>&1 || true
input=$(mktemp -d)
trap 'rm -rf "$input"' EXIT
for module in "${MODULES[@]}"; do
  if [ ! -f "$graphs/$module.symbols.json" ]; then
    echo "docs: no symbol graph for $module (see .build/docs-symbolgraph.log)"; exit 1
  fi
  cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json "$input/" 2>/dev/null || true
done
rm -rf "$OUT"
log=.build/docs-docc.log
if ! "$DOCC" convert Sources/PushNormaliser/PushNormaliser.docc --additional-symbol-graph-dir "$input" \
  --output-dir "$OUT" --fallback-display-name PushNormaliser --fallback-bundle-identifier pushnormaliser \
  --warnings-as-errors >"$log" 2>&1; then
  grep -E "warning|error" -A4 "$log" | head -80; echo "docs: docc failed (full log: $log)"; exit 1
fi
if grep -qE "warning:|error:" "$log"; then
  grep -E "warning:|error:" -A4 "$log" | head -80; echo "docs: docc reported problems (full log: $log)"; exit 1
fi
# Every public symbol of the documented modules has a doc comment (docc does not warn about a missing one).
${PYTHON:-python3} - "$input" <<'PY'
import glob, json, os, sys
missing = []
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.symbols.json"))):
    for symbol in json.load(open(path))["symbols"]:
        if symbol.get("accessLevel") in ("public", "open") and not symbol.get("docComment"):
            missing.append("%s %s (%s)" % (symbol["kind"]["displayName"], ".".join(symbol["pathComponents"]),
                                           os.path.basename(path).split(".")[0]))
if missing:
    print("docs: public symbols without a doc comment:\n  " + "\n  ".join(missing))
    sys.exit(1)
PY
echo "docs: $OUT ($(find "$OUT" -name '*.json' -path '*data/documentation*' | wc -l) pages; open $OUT/documentation/pushnormaliser/index.html through a web server)"
