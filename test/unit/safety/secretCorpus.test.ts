/**
 * The secret firewall measured (docs/trust.md#secrets): on the corpus of credentials in their
 * documented formats and innocent look-alikes (test/support/fixtures/secrets/), at least 95%
 * caught and at most one false positive on every surface — day file, entity note, git history,
 * search, context, MCP, pack — and on texts written for no rule: the classes, not the examples.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redactText, secretsIn } from '../../../src/core/safety/secrets';
import { credentialCases, innocentCases } from '../../support/fixtures/secrets/corpus';
import { SURFACES, measureSurfaces } from '../../support/secretSurfaces';

describe('the secret corpus', () => {
  it('holds at least 70 credential formats and 20 innocent look-alikes, each with where it is documented', () => {
    const credentials = credentialCases();
    const innocents = innocentCases();
    assert.ok(credentials.length >= 70, `${credentials.length} credential formats`);
    assert.ok(innocents.length >= 20, `${innocents.length} innocent look-alikes`);
    for (const c of [...credentials, ...innocents]) assert.match(c.source, /^(?:https:\/\/|docs\/)/, c.kind);
    for (const c of credentials) assert.ok(c.text.includes(c.secret), c.kind);
    assert.equal(new Set(credentials.map((c) => c.kind)).size, credentials.length, 'one case per format');
  });

  it('is the same at every run (the fake values come from a fixed seed)', () => {
    assert.deepEqual(credentialCases(), credentialCases());
    assert.deepEqual(innocentCases(), innocentCases());
  });
});

describe('the firewall on every surface', () => {
  it('catches at least 95% of the credentials and flags at most one innocent text on each', async () => {
    const scores = await measureSurfaces();
    for (const s of SURFACES) {
      const { caught, credentials, falsePositives, missed, flagged } = scores[s];
      assert.ok(caught / credentials >= 0.95, `${s}: ${caught}/${credentials} caught; missed ${missed.join(', ')}`);
      assert.ok(falsePositives <= 1, `${s}: ${falsePositives} false positives: ${flagged.join(', ')}`);
    }
  });

  it('redacting twice changes nothing, on every case', () => {
    for (const c of [...credentialCases(), ...innocentCases()]) {
      const once = redactText(c.text).text;
      assert.deepEqual(redactText(once), { text: once, kinds: [] }, c.kind);
    }
  });
});

describe('the firewall on texts written for no rule', () => {
  // Not in the corpus and not looked at while writing the rules' examples: other wordings,
  // other formats of the same classes. Values built from parts, like the corpus's.
  const pw = ['Zx9', 'kq2Lm'].join('');
  const credentials = [
    `my github password is Sup3r-${pw}`,
    `wifi passphrase: "correct horse battery staple"`,
    `psql "host=db user=app password=${pw}! dbname=app"`,
    `PGPASSWORD=${pw} psql -h db`,
    `ldaps://cn=admin,dc=corp:Adm1n!${pw}@ldap.corp:636`,
    `jdbc:postgresql://db:5432/app?user=app&password=${pw}`,
    `Server=db;Database=app;User Id=sa;Password=${pw}!;`,
    `SECRET_KEY_BASE=${'9f8e7d6c5b4a3928'.repeat(4)}`,
    `Django SECRET_KEY = "django-insecure-k2#9x!z@q8w7e6r5t4y3u2i1o0p"`,
    'set the admin pin to 482913',
    '登录密码为Ab12345678',
    `API密钥是 a1b2c3d4e5f6g7h8i9j0k1l2`,
    'The password was "hunter2"',
    `login as root / password Qwerty!234`,
    `git clone https://oauth2:${pw}AbC@gitlab.corp/team/repo.git`,
    `--client-secret=${pw}AbC12`,
    `Bearer ${['eyJhbGciOiJSUzI1NiJ9', 'eyJzdWIiOiIxMjMifQ', 'c2lnbmF0dXJlLXZhbHVlLWhlcmUxMjM'].join('.')}`,
    `wget --password=${pw} ftp://files.corp/x`,
    `SMTP_PASS: ${pw}`,
    `aws_session_token=IQoJb3JpZ2luX2VjEHoaCXVzLWVhc3QtMSJHMEUCIQD${pw}`,
    `"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\\n-----END PRIVATE KEY-----\\n"`,
    `machine github.com login me password Gh0st!${pw}`,
    `Cookie: session=${['eyJ1c2VyIjoiYWRtaW4iLCJleHAiOjE3MDAwMDB9', 'Zm9vYmFyYmF6cXV4MTIzNDU2'].join('.')}`,
    `set -x SECRET_TOKEN abc123XYZ789def`,
    `$env:API_TOKEN = "tok_9f8e7d6c5b4a3928"`,
    `docker run -e POSTGRES_PASSWORD=S3cret!${pw} postgres:16`,
    `kubectl create secret generic db --from-literal=password=S3cret!${pw}`,
    '账号 admin 密码 Abc12345',
    'ssh root@10.0.0.2, pw: hunter2!x',
    'het wachtwoord van de NAS is Vl8#mQz2p',
    'Kennwort des Routers: Rt4$uV9wk',
    'hasło do serwera: Pq7!zXc3m',
    'мой пароль — Nb5%tYr8e',
    'ルーターのパスワードが Jk2&hGf7d になった',
  ];
  const innocents = [
    'the password must have 12 characters',
    'reset the password in the admin panel',
    'token: the lexer emits a token per word',
    'key: value pairs are parsed by the yaml loader',
    'secret: see 1Password item "prod db"',
    'use the API key from the dashboard',
    '密码：见保险库',
    'password = getpass.getpass()',
    'password=None',
    'const token = await getToken(user)',
    'hash: 5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8',
    'commit 9fceb02d0ae598e95dc970b74767f19372d61af8 fixed it',
    'the session key is derived with HKDF',
    'passwords are hashed with argon2id (m=65536, t=3, p=4)',
    'ssh-keygen -t ed25519 -C "me@host"',
    'la contraseña es incorrecta, vuelve a intentarlo',
    'パスワードを忘れた場合はリセットしてください',
    'le mot de passe : voir le coffre-fort',
    'Passwort: siehe 1Password-Eintrag „Prod DB"',
    '비밀번호를 변경하세요',
    'пароль хранится в менеджере паролей',
    // Lines of the bench's generated vault (bench/vaultgen.ts) that once were taken for secrets.
    '連線密鑰：[[Datadog]] 的不穩定路線圖檢討，secret version PR-7834',
    '搜尋密鑰：[[Launch 2023-12 patch]] 的還原例外每月',
    'sprint race password PR-7809',
    'Fixed report balancer in [[Redis]]: the unstable token was customer-facing (build-5841)',
    '[[PostgreSQL]] document test index restore; csv export password PR-1330',
    'PASSWORD_MIN_LENGTH=12 and TOKEN_TTL=3600; SECRET_NAME=prod-db',
    'auth: oauth2, token_type: bearer, grant_type=client_credentials',
    'password: ${{ secrets.DB_PASSWORD }}',
    'the token expires in 3600s; rotate the api key every 90 days',
  ];
  it('catches credentials in other wordings and formats of the same classes', () => {
    const missed = credentials.filter((t) => !secretsIn(t).length);
    assert.ok(missed.length <= 1, `missed: ${missed.join(' | ')}`);
  });
  it('leaves other ordinary text alone', () => {
    assert.deepEqual(
      innocents.filter((t) => secretsIn(t).length),
      [],
    );
  });
});
