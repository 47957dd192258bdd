// Validates Kubernetes objects against their JSON schemas: the models of `kubernetes-models` (core
// Kubernetes), `@kubernetes-models/strimzi-kafka-operator` (Strimzi CRDs) and `@kubernetes-models/keda`
// (KEDA's ScaledObject and TriggerAuthentication). Both ship ES modules only,
// so the Jest spec runs this file with Node: a JSON array of objects on stdin, a JSON array on stdout
// with one entry per object: null when valid, else the validation message. An object whose
// apiVersion/kind no model covers is reported, never passed.
import * as keda from '@kubernetes-models/keda/keda.sh/v1alpha1';
import * as strimzi from '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1beta2';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import process from 'node:process';

const modules = {
  v1: core,
  'apps/v1': apps,
  'autoscaling/v2': autoscaling,
  'batch/v1': batch,
  'networking.k8s.io/v1': networking,
  'policy/v1': policy,
  'kafka.strimzi.io/v1beta2': strimzi,
  'keda.sh/v1alpha1': keda,
};

let input = '';
for await (const chunk of process.stdin) input += chunk;
const objects = JSON.parse(input);

const results = objects.map((object) => {
  const Model = modules[object?.apiVersion]?.[object?.kind];
  if (typeof Model !== 'function' || Model.apiVersion !== object.apiVersion || Model.kind !== object.kind) {
    return `no schema for ${object?.apiVersion} ${object?.kind}`;
  }
  try {
    new Model(object).validate();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
});
process.stdout.write(JSON.stringify(results));
