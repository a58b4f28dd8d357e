// The bench worker's bundle: the service's workflows plus the no-op ceiling, which stays out
// of the production bundle.
export * from '../../workflows';
export { benchNoopDeliveryWorkflow, benchNoopOrderWorkflow } from './noop.workflow';
