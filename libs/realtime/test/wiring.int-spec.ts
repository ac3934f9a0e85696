import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { AuthModule } from '@lms/auth';
import { createServiceApp } from '@lms/platform';
import { RealtimeEmitter, RealtimeModule } from '@lms/realtime';
import { createTestIssuer, mintToken } from '@lms/testing';
import { CAMPUSES, connected, nextEvent, openSocket, testSocketPath } from './harness';

const issuer = createTestIssuer();
const path = testSocketPath();

@Module({})
class ServiceModule {
  static with(options: { realtime: boolean; providers?: Type[] }): DynamicModule {
    return {
      module: ServiceModule,
      imports: [
        AuthModule.forRoot({ publicKeyPem: issuer.publicKeyPem }),
        ...(options.realtime
          ? [RealtimeModule.forRoot({ path, campusOfHost: async (host) => CAMPUSES[host] ?? null })]
          : []),
      ],
      providers: options.providers ?? [],
    };
  }
}

@WebSocketGateway()
class UnservedGateway {
  @SubscribeMessage('ping')
  ping() {
    return 'pong';
  }
}

@WebSocketGateway(4000)
class OwnPortGateway {}

@WebSocketGateway({ path: '/socket/elsewhere' })
class OtherPathGateway {}

@WebSocketGateway({ cors: { origin: '*' } })
class OwnOptionsGateway {}

const start = (options: { realtime: boolean; providers?: Type[] }) =>
  createServiceApp(ServiceModule.with(options), { name: 'realtime-wiring', logLevel: 'fatal' });

describe('realtime wiring', () => {
  it('refuses a @WebSocketGateway in a service without RealtimeModule (it would be served unauthenticated)', async () => {
    await expect(start({ realtime: false, providers: [UnservedGateway] })).rejects.toThrow(
      "UnservedGateway: a @WebSocketGateway needs RealtimeModule.forRoot(...) in the service's module",
    );
  });

  it.each([
    { what: 'a port of its own', gateway: OwnPortGateway, reason: 'port 4000 is not taken' },
    {
      what: 'another path',
      gateway: OtherPathGateway,
      reason: `path /socket/elsewhere is not served: this service's sockets are at ${path}`,
    },
    {
      what: 'socket.io options of its own',
      gateway: OwnOptionsGateway,
      reason: 'options cors are not taken',
    },
  ])('refuses to start a gateway with $what', async ({ gateway, reason }) => {
    const app = await start({ realtime: true, providers: [gateway] });
    try {
      await expect(app.init()).rejects.toThrow(reason);
    } finally {
      await app.close();
    }
  });

  it('serves the sockets of a service that only emits (no gateway)', async () => {
    const app = await start({ realtime: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.getHttpServer().address() as { port: number };
      const socket = openSocket(`http://127.0.0.1:${address.port}`, path, {
        token: await mintToken(issuer, { role: 'student', userId: 3 }),
        host: 'campus-a.test',
      });
      await connected(socket);
      const received = nextEvent(socket, 'notification');
      app.get(RealtimeEmitter).toUser(1, 3).emit('notification', { id: 1 });
      expect(await received).toEqual([{ id: 1 }]);
      socket.disconnect();
    } finally {
      await app.close();
    }
  });
});
