import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { entityNameProblem, linkTargets, parseLinks, stripLinks } from '../../../src/core/vault/wikilinks';

describe('[[links]]', () => {
  it('parses targets, headings, aliases and offsets', () => {
    const text = 'see [[Alice]], [[Kubernetes#Setup|k8s]] and [[2026-03-10]]; not [[]] or [single]';
    assert.deepEqual(parseLinks(text), [
      { target: 'Alice', start: 4, end: 13 },
      { target: 'Kubernetes', heading: 'Setup', alias: 'k8s', start: 15, end: 39 },
      { target: '2026-03-10', start: 44, end: 58 },
    ]);
  });

  it('reads a link through its kind\'s folder as Obsidian does: [[people/Wen Li]] is the person Wen Li', () => {
    assert.deepEqual(parseLinks('[[people/Wen Li]] [[entities/Objects/Oracle|ora]] [[src/index.ts]]'), [
      { target: 'Wen Li', kind: 'people', start: 0, end: 17 },
      { target: 'Oracle', kind: 'objects', alias: 'ora', start: 18, end: 49 },
      { target: 'src/index.ts', start: 50, end: 66 },
    ]);
    assert.deepEqual(linkTargets('[[people/Wen Li]] and [[Wen Li]]'), ['Wen Li']);
    assert.equal(stripLinks('asked [[people/Wen Li]]'), 'asked Wen Li');
  });

  it('lists distinct targets case-insensitively, first spelling wins, CJK included', () => {
    assert.deepEqual(linkTargets('[[遷移計畫]] [[Alice]] [[alice]] [[遷移計畫|plan]]'), ['遷移計畫', 'Alice']);
  });

  it('accepts names that are safe file names everywhere and explains the others', () => {
    for (const ok of ['Alice', 'Kubernetes 遷移', 'C++', 'v1.2 release', 'O’Brien']) assert.equal(entityNameProblem(ok), undefined, ok);
    const cases: [string, RegExp][] = [
      ['a/b', /"\/"/],
      ['a\\b', /"\\"/],
      ['..', /starts with "\."/],
      ['.hidden', /starts with "\."/],
      ['trailing.', /ends with/],
      [' padded', /space/],
      ['nul', /reserved/],
      ['COM1.txt', /reserved/],
      ['tab\there', /control character/],
      ['x'.repeat(121), /longer than 120/],
      ['   ', /empty/],
      ['what?', /"\?"/],
    ];
    for (const [name, why] of cases) assert.match(entityNameProblem(name) ?? '', why, name);
  });
});
