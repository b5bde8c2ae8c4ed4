import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('.data')).toBe(true);
    expect(config.ledgerBatchSlots).toBe(2);
    expect(loadConfig({ LEDGER_BATCH_SLOTS: '8' }).ledgerBatchSlots).toBe(8);
  });

  it('names a wrong setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LEDGER_BATCH_SLOTS: '0' })).toThrow(/LEDGER_BATCH_SLOTS/);
  });
});
