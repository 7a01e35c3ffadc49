import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { REPO } from './helpers';

const IMPORTS_VSCODE = /(from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\))/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => path.join(e.parentPath, e.name));
}

describe('architecture', () => {
  it('src/core, src/server and src/cli never import vscode (the engine runs under plain Node)', () => {
    const dirs = ['src/core', 'src/server', 'src/cli'].map((d) => path.join(REPO, d));
    const files = dirs.flatMap(sources);
    assert.ok(files.length >= 10, 'the scan found the sources');
    const offenders = files.filter((f) => IMPORTS_VSCODE.test(fs.readFileSync(f, 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it('the check itself notices a vscode import', () => {
    assert.ok(IMPORTS_VSCODE.test("import * as vscode from 'vscode';"));
    assert.ok(IMPORTS_VSCODE.test("const v = require('vscode')"));
  });
});
