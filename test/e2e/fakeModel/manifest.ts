/** The fake model extension's identity and manifest, shared by the harness (which writes it) and the suite. */
export const FAKE_VENDOR = 'coresoul-fake';
export const FAKE_MODEL_ID = 'coresoul-e2e.fake-model';

export const MANIFEST = {
  name: 'fake-model',
  publisher: 'coresoul-e2e',
  version: '0.0.1',
  engines: { vscode: '^1.104.0' },
  main: './extension.js',
  activationEvents: ['onStartupFinished'],
  contributes: { languageModelChatProviders: [{ vendor: FAKE_VENDOR, displayName: 'Core Soul Fake Model' }] },
};
