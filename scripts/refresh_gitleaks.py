#!/usr/bin/env python3
"""Refreshes the secret firewall's vendored rule set (docs/trust.md#secrets) from gitleaks'
default config: `python3 scripts/refresh_gitleaks.py [path-or-url-of-gitleaks.toml] [version] [url-it-came-from]`.

Writes src/core/safety/rules/gitleaks.toml (the file as published, with its MIT licence and
version at the head) and src/core/safety/rules/gitleaks.json (the same rules, parsed, without
the descriptions and path-only rules a text scanner has no use for), which the firewall loads
and turns into JavaScript rules (src/core/safety/goRegex.ts). Python's standard library reads
TOML, so refreshing needs no package.
"""
import json
import pathlib
import sys
import tomllib
import urllib.request

DEFAULT = 'https://raw.githubusercontent.com/gitleaks/gitleaks/master/config/gitleaks.toml'
LICENCE = 'MIT License, Copyright (c) 2019 Zachary Rice (https://github.com/gitleaks/gitleaks/blob/master/LICENSE)'
OUT = pathlib.Path(__file__).resolve().parent.parent / 'src' / 'core' / 'safety' / 'rules'

source = sys.argv[1] if len(sys.argv) > 1 else DEFAULT
version = sys.argv[2] if len(sys.argv) > 2 else 'master'
origin = sys.argv[3] if len(sys.argv) > 3 else source
if source.startswith(('http://', 'https://')):
    text = urllib.request.urlopen(source).read().decode('utf-8')
else:
    text = pathlib.Path(source).read_text('utf-8')
config = tomllib.loads(text)

head = f'# Vendored from gitleaks {version}: {origin}\n# {LICENCE}\n# Refresh with scripts/refresh_gitleaks.py; do not edit by hand.\n\n'
(OUT / 'gitleaks.toml').write_text(head + text, 'utf-8')


def allowlist(a):
    return {k: a[k] for k in ('regexes', 'regexTarget', 'stopwords', 'condition', 'paths') if k in a}


def rule(r):
    out = {'id': r['id'], 'regex': r['regex']}
    for k in ('secretGroup', 'entropy', 'keywords', 'path'):
        if r.get(k):
            out[k] = r[k]
    if r.get('allowlists'):
        out['allowlists'] = [allowlist(a) for a in r['allowlists']]
    return out


lists = ([config['allowlist']] if 'allowlist' in config else []) + config.get('allowlists', [])
data = {
    'source': origin,
    'version': version,
    'licence': LICENCE,
    'allowlists': [allowlist(a) for a in lists],
    'rules': [rule(r) for r in config['rules'] if r.get('regex')],
}
(OUT / 'gitleaks.json').write_text(json.dumps(data, indent=1, ensure_ascii=False) + '\n', 'utf-8')
print(f"{len(data['rules'])} rules from gitleaks {version}")
