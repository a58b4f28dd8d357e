// The bench worker's bundle: the service's workflows plus the bare yardstick, which stays out
// of the production bundle.
export * from '../../workflows';
export { benchBareWorkflow } from './bare.workflow';
