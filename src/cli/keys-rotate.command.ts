import { ClientsService } from '../auth/clients.service';
import { secretBoxOf } from '../auth/secret-box';
import { isUuid } from '../keys';
import { Command, parseCommandArgs, UsageError } from './command';

/** Rotation is also how a leaked key is disabled: the old keys and their tokens stop at once. */
export const keysRotate: Command = {
  usage: 'keys:rotate --client ID [--json]',
  async run({ dataSource, env, args, out }) {
    const { client, json } = parseCommandArgs(args, { client: { type: 'string' }, json: { type: 'boolean' } });
    if (!client) throw new UsageError('--client is required');
    if (!isUuid(client)) throw new UsageError('--client must be a client id (UUID)');
    const apiKey = await new ClientsService(dataSource, secretBoxOf(env)).rotateApiKey(client);
    if (!apiKey) throw new UsageError(`no client ${client}`);
    out(json ? JSON.stringify({ client_id: client, api_key: apiKey }) : `client_id=${client}\napi_key=${apiKey}`);
  },
};
