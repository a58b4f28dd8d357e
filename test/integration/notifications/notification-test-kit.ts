import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ClientsService, CreatedClient } from '../../../src/auth/clients.service';
import { SecretBox } from '../../../src/auth/secret-box';
import { Env, loadEnv } from '../../../src/config/env';
import { createDataSource } from '../../../src/db/data-source';
import { NotificationAttemptEntity } from '../../../src/notifications/notification-attempt.entity';
import { NotificationEntity } from '../../../src/notifications/notification.entity';
import { NotificationOutbox } from '../../../src/notifications/notification-outbox';

/** The suite's PostgreSQL (migrated by the global setup) and a way to make clients and callbacks in it. */
export async function openNotificationKit() {
  const env: Env = loadEnv(process.env);
  const dataSource: DataSource = await createDataSource({ url: env.DATABASE_URL, poolSize: 4 }).initialize();
  const clients = new ClientsService(dataSource, new SecretBox(env.SECRETS_KEY));

  const enqueue = async (
    client: CreatedClient,
    url: string,
    payload: object = { event: 'PAYMENT', status: 'COMPLETED', version: '2' },
  ) => {
    const eventId = randomUUID();
    await NotificationOutbox.enqueue(dataSource.manager, {
      eventId,
      clientId: client.clientId,
      orderId: randomUUID(),
      event: 'PAYMENT',
      url,
      payload,
      createdAt: new Date(),
    });
    return eventId;
  };
  const notification = (eventId: string) =>
    dataSource.getRepository(NotificationEntity).findOneByOrFail({ id: eventId });
  const attempts = (eventId: string) =>
    dataSource
      .getRepository(NotificationAttemptEntity)
      .find({ where: { notificationId: eventId }, order: { attempt: 'ASC' } });

  return { env, dataSource, clients, enqueue, notification, attempts, close: () => dataSource.destroy() };
}
