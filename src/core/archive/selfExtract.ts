/**
 * The `--format sh` archive: a POSIX shell script followed by the .tar.gz bytes. `sh file.sh
 * <dir>` restores it with tail, gzip, tar, find, sort and cmp (Debian's base system; no Node):
 * empty target only, unpack into a temp folder inside it, refuse links and devices, compare the
 * file list, verify every sha256 when sha256sum or shasum exists, rebuild the git history when
 * git exists, then move into place. `coresoul restore` reads the same file (it finds the
 * payload through the `skip=` line).
 */
import { shellQuote } from '../shared/text';
import { HISTORY_BUNDLE, MANIFEST, type Manifest, serializeManifest } from './layout';
import { nodeCrypto } from '../shared/nodeLazy';

const SKIP_RE = /^skip=(\d+)$/m;
export const SCRIPT_MAGIC = '#!/bin/sh\n# Core Soul archive';

/** The script part; the gzip payload starts right after its last byte. */
export function selfExtractingScript(manifest: Manifest): string {
  const manifestSum = nodeCrypto().createHash('sha256').update(serializeManifest(manifest)).digest('hex');
  const files = [MANIFEST, ...manifest.files.map((f) => f.path)].sort().map((p) => `./${p}`);
  const sums = [{ path: MANIFEST, sha256: manifestSum }, ...manifest.files].map((f) => `${f.sha256}  ./${f.path}`);
  const template = (skip: number) => `${SCRIPT_MAGIC}, created ${manifest.created}: AGENTS.md, skills, the .CoreSoul vault.
# Restore into an empty folder:  sh core_soul_deploy.sh <folder>
# Needs sh, tail, gzip, tar, find, sort, cmp; sha256sum or shasum verifies the checksums, git
# restores the vault history. With Node: node .CoreSoul/bin/coresoul.js restore <file> --root <folder>
set -u
LC_ALL=C
export LC_ALL
# git works on the vault, even when this runs inside a git hook of another repository
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES GIT_COMMON_DIR GIT_NAMESPACE
skip=${skip}
history=${manifest.history}
head=${shellQuote(manifest.head ?? '')}
stage=
made=
fail() {
  printf 'restore: %s\\n' "$2" >&2
  if [ -n "$stage" ]; then rm -rf "$stage"; fi
  if [ -n "$made" ]; then rmdir "$target" 2>/dev/null; fi
  exit "$1"
}
[ $# -eq 1 ] || fail 1 "usage: sh $0 <empty folder>"
archive=$0
target=$1
if [ -e "$target" ]; then
  [ -d "$target" ] || fail 1 "$target is not a folder"
  [ -z "$(ls -A "$target")" ] || fail 3 "$target is not empty: restore needs an empty folder"
else
  mkdir "$target" || fail 1 "cannot create $target"
  made=1
fi
case $archive in /*) ;; *) archive=$(pwd)/$archive ;; esac
target=$(cd "$target" && pwd) || fail 1 "cannot enter $target"
stage=$target/.coresoul-restore.$$
mkdir "$stage" "$stage/tree" || fail 1 "cannot write to $target"
tail -c +$((skip + 1)) "$archive" > "$stage/payload.tar.gz" || fail 1 "cannot read $archive"
gzip -t "$stage/payload.tar.gz" 2>/dev/null || fail 3 "damaged archive: the compressed data is truncated or corrupt"
cd "$stage/tree" || fail 1 "cannot enter $stage"
gzip -dc ../payload.tar.gz | tar -xmf - || fail 3 "damaged archive: tar could not unpack it"
odd=$(find . ! -type f ! -type d)
[ -z "$odd" ] || fail 3 "unsafe archive: it holds links or devices: $odd"
find . -type f | sort > ../found
sort > ../listed <<'CORESOUL_FILES'
${files.join('\n')}
CORESOUL_FILES
cmp -s ../found ../listed || fail 3 "unsafe archive: its files differ from the list it was packed with"
cat > ../sums <<'CORESOUL_SUMS'
${sums.join('\n')}
CORESOUL_SUMS
if command -v sha256sum >/dev/null 2>&1; then
  sha256sum -c ../sums > ../checked 2>&1 || { grep -v ': OK$' ../checked >&2; fail 3 "checksum mismatch"; }
elif command -v shasum >/dev/null 2>&1; then
  shasum -a 256 -c ../sums > ../checked 2>&1 || { grep -v ': OK$' ../checked >&2; fail 3 "checksum mismatch"; }
else
  echo "restore: neither sha256sum nor shasum found: checksums not verified" >&2
fi
if [ "$history" != off ]; then
  if command -v git >/dev/null 2>&1; then
    (
      cd .CoreSoul && git init -q || exit 1
      git config user.email >/dev/null || { git config user.name 'Core Soul' && git config user.email coresoul@localhost; } || exit 1
      if [ "$history" = bundle ]; then
        git -c transfer.fsckObjects=true fetch -q --no-tags --update-head-ok ../${HISTORY_BUNDLE} 'refs/*:refs/*' || exit 1
        case $head in
          refs/*) git symbolic-ref HEAD "$head" ;;
          *) git update-ref --no-deref HEAD "$head" ;;
        esac || exit 1
        git reset -q
      else
        git add -A && git commit -q --no-verify -m 'restore: vault restored without its history'
      fi
    ) || fail 3 "cannot rebuild the vault history with git"
    rm -f ${HISTORY_BUNDLE}
  elif [ "$history" = bundle ]; then
    mv ${HISTORY_BUNDLE} .CoreSoul/history.bundle
    echo "restore: git not found: the history is kept in .CoreSoul/history.bundle (git clone it later)" >&2
  fi
fi
rm -f ${MANIFEST}
for f in * .[!.]* ..?*; do
  [ -e "$f" ] || continue
  mv "$f" "$target/" || fail 1 "cannot move $f into $target"
done
cd "$target" && rm -rf "$stage"
echo "Restored ${manifest.files.filter((f) => f.path !== HISTORY_BUNDLE).length} file(s) into $target"
exit 0
`;
  // The script states its own length; the number's width changes that length, so iterate.
  let skip = 0;
  for (let text = template(skip); Buffer.byteLength(text) !== skip; text = template(skip)) skip = Buffer.byteLength(text);
  return template(skip);
}

/** Where the gzip payload of a self-extracting archive starts, from its first bytes; undefined if `head` is not one. */
export function payloadOffset(head: Buffer): number | undefined {
  const text = head.toString('latin1');
  if (!text.startsWith(SCRIPT_MAGIC)) return undefined;
  const m = SKIP_RE.exec(text);
  return m ? Number(m[1]) : undefined;
}

