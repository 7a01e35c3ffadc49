import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { normaliseBody, parsePersona, replaceSections, resolveSection, sectionBody } from '../../../src/core/persona/document';
import { PERSONA_MD } from '../../../src/core/init/templates/persona';
import { PERSONA_SECTIONS } from '../../../src/core/vault/personaSections';

const [SELF, GUIDE, BELIEFS, SKILLS] = PERSONA_SECTIONS;
const replace = (text: string, heading: (typeof PERSONA_SECTIONS)[number], body: string) =>
  replaceSections(parsePersona(text), new Map([[heading, normaliseBody(body, heading)]]));

const inputErr = (pattern: RegExp) => (err: unknown) => err instanceof CoreSoulError && err.kind === 'input' && pattern.test(err.message);

describe('persona sections', () => {
  it('resolves a section by English name in any case, Chinese name or full heading', () => {
    assert.equal(resolveSection('behavioral guidelines').heading, GUIDE);
    assert.equal(resolveSection('SELF-AWARENESS').heading, SELF);
    assert.equal(resolveSection('關鍵記憶與核心信念').heading, BELIEFS);
    assert.equal(resolveSection('# 專屬技能註冊表 (Skill Registry)').heading, SKILLS);
    assert.equal(resolveSection('專屬技能註冊表(Skill Registry)').heading, SKILLS);
    assert.throws(() => resolveSection('Tone'), inputErr(/unknown persona section "Tone".*Self-Awareness, Behavioral Guidelines/));
  });

  it('replaces one body and keeps every other byte of the template', () => {
    const out = replace(PERSONA_MD, GUIDE, '- Answer in three sentences at most.\n');
    const before = PERSONA_MD.split(GUIDE);
    const after = out.split(GUIDE);
    assert.equal(after[0], before[0], 'everything before the section is identical');
    assert.equal(out.slice(out.indexOf(BELIEFS)), PERSONA_MD.slice(PERSONA_MD.indexOf(BELIEFS)), 'everything after it is identical');
    assert.equal(sectionBody(parsePersona(out), GUIDE), '- Answer in three sentences at most.');
    assert.ok(out.includes(`${GUIDE}\n\n- Answer in three sentences at most.\n\n${BELIEFS}`), 'blank lines around the body are kept');
  });

  it('keeps CRLF line ends, a BOM and text before the first section', () => {
    const text = `\uFEFFMy notes about this agent.\r\n\r\n${PERSONA_MD.replace(/\n/g, '\r\n')}`;
    const out = replace(text, SELF, 'I review security.\nTwo lines.\n');
    assert.ok(out.startsWith('\uFEFFMy notes about this agent.\r\n\r\n# 自我認知'));
    assert.ok(out.includes(`${SELF}\r\n\r\nI review security.\r\nTwo lines.\r\n\r\n${GUIDE}`));
    assert.ok(!/[^\r]\n/.test(out), 'no bare LF was introduced');
    assert.equal(out.slice(out.indexOf(GUIDE)), text.slice(text.indexOf(GUIDE)));
  });

  it('ends a section at any other top-level heading, which stays as written', () => {
    const text = `${PERSONA_MD}\n# My own notes\n\nkeep me\n`;
    const out = replace(text, SKILLS, 'Only the registered skills.');
    assert.ok(out.endsWith('Only the registered skills.\n\n# My own notes\n\nkeep me\n'));
  });

  it('does not mistake a "# comment" inside a code fence for a section end', () => {
    const text = PERSONA_MD.replace('- Be direct', '```sh\n# run the tests\nnpm test\n```\n- Be direct');
    const doc = parsePersona(text);
    assert.ok(sectionBody(doc, GUIDE).includes('# run the tests'));
    const out = replace(text, GUIDE, 'New guidelines.');
    assert.ok(!out.includes('# run the tests'));
    assert.equal(out.slice(out.indexOf(BELIEFS)), text.slice(text.indexOf(BELIEFS)));
  });

  it('handles sections out of order, an empty body and a file without a final newline', () => {
    const text = `${SKILLS}\n\n- skills\n\n${SELF}\n${GUIDE}\n\nrules\n\n${BELIEFS}\n\nlast line`;
    assert.equal(replace(text, SELF, 'me'), `${SKILLS}\n\n- skills\n\n${SELF}\n\nme\n\n${GUIDE}\n\nrules\n\n${BELIEFS}\n\nlast line`);
    assert.equal(replace(text, BELIEFS, 'new last'), `${SKILLS}\n\n- skills\n\n${SELF}\n${GUIDE}\n\nrules\n\n${BELIEFS}\n\nnew last`);
    const bare = `${SELF}\n\nme\n\n${GUIDE}`;
    assert.equal(replace(bare, GUIDE, 'rules'), `${SELF}\n\nme\n\n${GUIDE}\n\nrules\n`);
  });

  it('tolerates a heading with trailing spaces or closing hashes and the English name alone', () => {
    const text = `# Self-Awareness  \n\nold\n\n# 行為準則 (Behavioral Guidelines) ##\n\nrules\n`;
    assert.equal(replace(text, SELF, 'new'), `# Self-Awareness  \n\nnew\n\n# 行為準則 (Behavioral Guidelines) ##\n\nrules\n`);
  });

  it('reports a missing section clearly, naming the ones it found', () => {
    const text = PERSONA_MD.replace(`${GUIDE}\n`, '');
    assert.throws(() => replace(text, GUIDE, 'x'), inputErr(/no "# 行為準則 \(Behavioral Guidelines\)" section \(found: Self-Awareness, Key Memories & Beliefs, Skill Registry\)/));
    assert.throws(() => replace('just text\n', SELF, 'x'), inputErr(/found: none of the four/));
  });

  it('refuses to guess between two copies of a section', () => {
    const text = `${PERSONA_MD}\n${GUIDE}\n\nsecond copy\n`;
    assert.throws(() => replace(text, GUIDE, 'x'), inputErr(/Behavioral Guidelines section 2 times \(lines 7, \d+\)/));
    assert.doesNotThrow(() => replace(text, SELF, 'x'), 'other sections can still change');
  });

  it('normalises a new body and refuses an empty one or one with a top-level heading', () => {
    assert.equal(normaliseBody('\uFEFF\r\n\r\n  - a\r\n- b\r\n\r\n', GUIDE), '  - a\n- b');
    assert.throws(() => normaliseBody(' \n\n', GUIDE), inputErr(/new Behavioral Guidelines is empty/));
    assert.throws(() => normaliseBody('intro\n# Skill Registry\n- x', GUIDE), inputErr(/top-level heading on its line 2/));
    assert.equal(normaliseBody('## Tone\n```\n# not a heading\n```', GUIDE), '## Tone\n```\n# not a heading\n```');
    assert.throws(() => normaliseBody('bad \u0007 bell', GUIDE), inputErr(/control character U\+0007/));
  });
});
