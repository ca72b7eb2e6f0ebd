#!/usr/bin/env bash
# Commit subjects of at most 72 characters (the why goes in the body), checked for every commit
# since the rule was adopted. A shallow clone without that commit checks what it has.
set -euo pipefail
cd "$(dirname "$0")/.."
adopted=f7d9d35f3f64620c4b8097d3277bd610a62d2677
if git cat-file -e "$adopted^{commit}" 2>/dev/null; then range="$adopted..HEAD"; else range=HEAD; fi
long=$(git log --format='%h %s' "$range" | awk 'length($0) - 8 > 72')
if [ -n "$long" ]; then
  echo "Commit subjects longer than 72 characters (put the details in the body):" >&2
  echo "$long" >&2
  exit 1
fi
