#!/usr/bin/env bash
# Commit subjects of at most 72 characters (the why goes in the body), checked for every commit
# since the rule was adopted. A shallow clone without that commit checks what it has.
# Characters, not bytes („“ and Czech letters are one each), and the subject alone: the
# abbreviated hash printed beside it grows with the repository (7 characters in one clone,
# 8 in another), so it must not take part in the count.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8
adopted=f7d9d35f3f64620c4b8097d3277bd610a62d2677
if git cat-file -e "$adopted^{commit}" 2>/dev/null; then range="$adopted..HEAD"; else range=HEAD; fi
long=""
while IFS=$'\t' read -r hash subject; do
  if [ "${#subject}" -gt 72 ]; then long+="${hash} (${#subject}) ${subject}"$'\n'; fi
done < <(git log --format=$'%h\t%s' "$range")
if [ -n "$long" ]; then
  echo "Commit subjects longer than 72 characters (put the details in the body):" >&2
  printf '%s' "$long" >&2
  exit 1
fi
