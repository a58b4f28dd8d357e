import { ClientsService } from '../auth/clients.service';
import { secretBoxOf } from '../auth/secret-box';
import { Command, parseCommandArgs, UsageError } from './command';

export const clientsCreate: Command = {
  usage: 'clients:create --name NAME [--json]',
  async run({ dataSource, env, args, out }) {
    const { name, json } = parseCommandArgs(args, { name: { type: 'string' }, json: { type: 'boolean' } });
    if (!name?.trim()) throw new UsageError('--name is required');
    const created = await new ClientsService(dataSource, secretBoxOf(env)).create({ name: name.trim() });
    if (json) {
      out(
        JSON.stringify({ client_id: created.clientId, api_key: created.apiKey, webhook_secret: created.webhookSecret }),
      );
    } else {
      out(`client_id=${created.clientId}\napi_key=${created.apiKey}\nwebhook_secret=${created.webhookSecret}`);
    }
  },
};
