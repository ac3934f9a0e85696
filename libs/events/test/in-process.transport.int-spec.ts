import { InProcessTransport, TransportClosedError } from '@lms/events';
import { describeTransportContract } from './transport.contract';

describeTransportContract('in-process', async () => {
  const transport = new InProcessTransport({ maxAttempts: 3, retryDelayMs: 1 });
  transport.open();
  return transport;
});

describe('in-process transport on shutdown', () => {
  const envelope = (id: string) =>
    ({
      id,
      type: 'test.thing.happened',
      tenantId: 1,
      occurredAt: new Date().toISOString(),
      data: {},
    }) as never;

  it('fails the publish of a delivery cut short by close() instead of dead-lettering it, so the outbox keeps it', async () => {
    const transport = new InProcessTransport({ maxAttempts: 5, retryDelayMs: 20 });
    transport.open();
    let release!: () => void;
    const started = new Promise<void>((resolve) => (release = resolve));
    await transport.subscribe('consumer', ['things'], async () => {
      release();
      // The consumer's database closes under it while the process stops.
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error('Driver not Connected');
    });
    const publishing = transport.publish('things', 'k', envelope('e1'));
    await started;
    await transport.close();
    await expect(publishing).rejects.toThrow(TransportClosedError);
    expect(transport.deadLetters).toHaveLength(0);
    await expect(transport.publish('things', 'k', envelope('e2'))).rejects.toThrow(TransportClosedError);
  });
});
