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
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT="ninety"/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN="short": must be at least 16/,
    );
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '5' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it('serves no metrics unless a port or a token is set, and drains for 10 s', () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, host: '127.0.0.1', token: undefined });
    expect(loadConfig({ METRICS_PORT: '9464', HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
      token: undefined,
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics.host).toBe('10.0.0.5');
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
  });

  it('refuses a replica or a direct connection without the database they are a second connection to', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgresql://127.0.0.1:5433/tala' })).toThrow(
      /DATABASE_REPLICA_URL is set but DATABASE_URL is not/,
    );
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgresql://127.0.0.1:5432/tala' })).toThrow(
      /DATABASE_DIRECT_URL is set but DATABASE_URL is not/,
    );
    expect(() =>
      loadConfig({
        DATABASE_URL: 'postgresql://127.0.0.1/tala',
        DATABASE_REPLICA_URL: 'mysql://replica/tala',
      }),
    ).toThrow(/DATABASE_REPLICA_URL="mysql:\/\/replica\/tala"/);
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgresql://127.0.0.1/tala', DATABASE_REPLICA_MAX_LAG_S: '0' }),
    ).toThrow(/DATABASE_REPLICA_MAX_LAG_S/);
    const config = loadConfig({
      DATABASE_URL: 'postgresql://127.0.0.1:6432/tala',
      DATABASE_REPLICA_URL: 'postgresql://127.0.0.1:5433/tala',
      DATABASE_DIRECT_URL: 'postgresql://127.0.0.1:5432/tala',
    });
    expect(config.databaseReplicaUrl).toBe('postgresql://127.0.0.1:5433/tala');
    expect(config.databaseDirectUrl).toBe('postgresql://127.0.0.1:5432/tala');
    expect(config.replicaMaxLagSeconds).toBe(30);
  });
});
