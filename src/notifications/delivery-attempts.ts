import { DataSource, In } from 'typeorm';
import { NotificationAttemptEntity } from './notification-attempt.entity';

/** Every delivery attempt of these callbacks, in the order each callback's were made. */
export function deliveryAttemptsOf(
  dataSource: DataSource,
  notificationIds: string[],
): Promise<NotificationAttemptEntity[]> {
  if (notificationIds.length === 0) return Promise.resolve([]);
  return dataSource
    .getRepository(NotificationAttemptEntity)
    .find({ where: { notificationId: In(notificationIds) }, order: { attempt: 'ASC' } });
}
