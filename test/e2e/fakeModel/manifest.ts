/** The fake model extension's identity and manifest, shared by the harness (which writes it) and the suite. */
export const FAKE_VENDOR = 'coresoul-fake';
export const FAKE_MODEL_ID = 'coresoul-e2e.fake-model';
/** A test-only agent: `@fakeagent` runs the tool calls the fake model asks for, as any agent does. */
export const FAKE_AGENT = 'fakeagent';

export const MANIFEST = {
  name: 'fake-model',
  publisher: 'coresoul-e2e',
  version: '0.0.1',
  engines: { vscode: '^1.104.0' },
  main: './extension.js',
  activationEvents: ['onStartupFinished'],
  contributes: {
    languageModelChatProviders: [{ vendor: FAKE_VENDOR, displayName: 'Core Soul Fake Model' }],
    chatParticipants: [{ id: 'coresoul-e2e.agent', name: FAKE_AGENT, fullName: 'Fake Agent', description: 'Runs the tool calls of the fake model' }],
  },
};
