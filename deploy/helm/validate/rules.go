package main

import (
	"fmt"
	"net"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// apiServerRules: what the API server refuses beyond the types, for the kinds a chart renders
// (names, labels, pod templates, selectors, ports). Not every rule it has: the ones a template's
// conditionals and values can break.
func apiServerRules(object runtime.Object) []string {
	var problems []string
	if meta, ok := object.(metav1.Object); ok {
		nameRule := apivalidation.NameIsDNSSubdomain
		if _, isService := object.(*corev1.Service); isService {
			nameRule = apivalidation.NameIsDNS1035Label
		}
		for _, e := range apivalidation.ValidateObjectMetaAccessor(meta, meta.GetNamespace() != "", nameRule, field.NewPath("metadata")) {
			problems = append(problems, e.Error())
		}
	}
	switch o := object.(type) {
	case *appsv1.Deployment:
		problems = append(problems, selectorMatches(o.Spec.Selector, o.Spec.Template.Labels, "spec.selector")...)
		problems = append(problems, podSpecRules(o.Spec.Template.Spec, "spec.template.spec")...)
	case *batchv1.Job:
		problems = append(problems, podSpecRules(o.Spec.Template.Spec, "spec.template.spec")...)
		if policy := o.Spec.Template.Spec.RestartPolicy; policy != corev1.RestartPolicyNever && policy != corev1.RestartPolicyOnFailure {
			problems = append(problems, fmt.Sprintf("spec.template.spec.restartPolicy: a Job's must be Never or OnFailure, not %q", policy))
		}
	case *corev1.Service:
		problems = append(problems, serviceRules(o.Spec)...)
	case *autoscalingv2.HorizontalPodAutoscaler:
		problems = append(problems, autoscalerRules(o.Spec)...)
	case *policyv1.PodDisruptionBudget:
		if o.Spec.MinAvailable != nil && o.Spec.MaxUnavailable != nil {
			problems = append(problems, "spec: minAvailable and maxUnavailable cannot both be set")
		}
	case *networkingv1.NetworkPolicy:
		problems = append(problems, networkPolicyRules(o.Spec)...)
	case *networkingv1.Ingress:
		problems = append(problems, ingressRules(o.Spec)...)
	}
	return problems
}

func each(messages []string, path string) []string {
	out := make([]string, len(messages))
	for i, message := range messages {
		out[i] = fmt.Sprintf("%s: %s", path, message)
	}
	return out
}

func selectorMatches(selector *metav1.LabelSelector, podLabels map[string]string, path string) []string {
	if selector == nil || (len(selector.MatchLabels) == 0 && len(selector.MatchExpressions) == 0) {
		return []string{path + ": must not be empty"}
	}
	parsed, err := metav1.LabelSelectorAsSelector(selector)
	if err != nil {
		return []string{fmt.Sprintf("%s: %v", path, err)}
	}
	if !parsed.Matches(labels.Set(podLabels)) {
		return []string{path + ": does not match the template's labels"}
	}
	return nil
}

func podSpecRules(spec corev1.PodSpec, path string) []string {
	var problems []string
	if len(spec.Containers) == 0 {
		problems = append(problems, path+".containers: at least one container is required")
	}
	volumes := map[string]bool{}
	for i, volume := range spec.Volumes {
		at := fmt.Sprintf("%s.volumes[%d].name", path, i)
		problems = append(problems, each(validation.IsDNS1123Label(volume.Name), at)...)
		if volumes[volume.Name] {
			problems = append(problems, fmt.Sprintf("%s: duplicate volume %q", at, volume.Name))
		}
		volumes[volume.Name] = true
	}
	names := map[string]bool{}
	ports := map[string]bool{}
	check := func(containers []corev1.Container, list string) {
		for i, container := range containers {
			at := fmt.Sprintf("%s.%s[%d]", path, list, i)
			problems = append(problems, each(validation.IsDNS1123Label(container.Name), at+".name")...)
			if names[container.Name] {
				problems = append(problems, fmt.Sprintf("%s.name: duplicate container %q", at, container.Name))
			}
			names[container.Name] = true
			if container.Image == "" {
				problems = append(problems, at+".image: required")
			}
			for j, port := range container.Ports {
				portAt := fmt.Sprintf("%s.ports[%d]", at, j)
				problems = append(problems, each(validation.IsValidPortNum(int(port.ContainerPort)), portAt+".containerPort")...)
				if port.Name != "" {
					problems = append(problems, each(validation.IsValidPortName(port.Name), portAt+".name")...)
					if ports[port.Name] {
						problems = append(problems, fmt.Sprintf("%s.name: duplicate port name %q in the pod", portAt, port.Name))
					}
					ports[port.Name] = true
				}
			}
			for j, env := range container.Env {
				problems = append(problems, envRules(env, fmt.Sprintf("%s.env[%d]", at, j))...)
			}
			for j, mount := range container.VolumeMounts {
				if !volumes[mount.Name] {
					problems = append(problems, fmt.Sprintf("%s.volumeMounts[%d].name: no volume named %q", at, j, mount.Name))
				}
			}
			for probeName, probe := range map[string]*corev1.Probe{"livenessProbe": container.LivenessProbe, "readinessProbe": container.ReadinessProbe, "startupProbe": container.StartupProbe} {
				if probe != nil && probe.HTTPGet != nil {
					problems = append(problems, portReference(probe.HTTPGet.Port, fmt.Sprintf("%s.%s.httpGet.port", at, probeName))...)
				}
			}
		}
	}
	check(spec.InitContainers, "initContainers")
	check(spec.Containers, "containers")
	return problems
}

func envRules(env corev1.EnvVar, path string) []string {
	problems := each(validation.IsEnvVarName(env.Name), path+".name")
	if env.ValueFrom == nil {
		return problems
	}
	if env.Value != "" {
		problems = append(problems, path+": value and valueFrom cannot both be set")
	}
	sources := 0
	for _, set := range []bool{env.ValueFrom.FieldRef != nil, env.ValueFrom.ResourceFieldRef != nil, env.ValueFrom.ConfigMapKeyRef != nil, env.ValueFrom.SecretKeyRef != nil} {
		if set {
			sources++
		}
	}
	if sources != 1 {
		problems = append(problems, path+".valueFrom: exactly one source is required")
	}
	if ref := env.ValueFrom.SecretKeyRef; ref != nil && (ref.Name == "" || ref.Key == "") {
		problems = append(problems, path+".valueFrom.secretKeyRef: name and key are required")
	}
	return problems
}

func portReference(port intstr.IntOrString, path string) []string {
	if port.Type == intstr.String {
		return each(validation.IsValidPortName(port.StrVal), path)
	}
	return each(validation.IsValidPortNum(port.IntValue()), path)
}

func serviceRules(spec corev1.ServiceSpec) []string {
	var problems []string
	names := map[string]bool{}
	for i, port := range spec.Ports {
		at := fmt.Sprintf("spec.ports[%d]", i)
		problems = append(problems, each(validation.IsValidPortNum(int(port.Port)), at+".port")...)
		if port.Name == "" && len(spec.Ports) > 1 {
			problems = append(problems, at+".name: required when a Service has more than one port")
		}
		if port.Name != "" {
			problems = append(problems, each(validation.IsDNS1123Label(port.Name), at+".name")...)
			if names[port.Name] {
				problems = append(problems, fmt.Sprintf("%s.name: duplicate port %q", at, port.Name))
			}
			names[port.Name] = true
		}
		if port.TargetPort.Type == intstr.String || port.TargetPort.IntValue() != 0 {
			problems = append(problems, portReference(port.TargetPort, at+".targetPort")...)
		}
	}
	return problems
}

func autoscalerRules(spec autoscalingv2.HorizontalPodAutoscalerSpec) []string {
	var problems []string
	if spec.MaxReplicas < 1 {
		problems = append(problems, "spec.maxReplicas: must be at least 1")
	}
	if spec.MinReplicas != nil && (*spec.MinReplicas < 1 || *spec.MinReplicas > spec.MaxReplicas) {
		problems = append(problems, "spec.minReplicas: must be between 1 and maxReplicas")
	}
	for i, metric := range spec.Metrics {
		set := map[autoscalingv2.MetricSourceType]bool{
			autoscalingv2.ResourceMetricSourceType:          metric.Resource != nil,
			autoscalingv2.ContainerResourceMetricSourceType: metric.ContainerResource != nil,
			autoscalingv2.PodsMetricSourceType:              metric.Pods != nil,
			autoscalingv2.ObjectMetricSourceType:            metric.Object != nil,
			autoscalingv2.ExternalMetricSourceType:          metric.External != nil,
		}
		given := 0
		for _, isSet := range set {
			if isSet {
				given++
			}
		}
		if !set[metric.Type] || given != 1 {
			problems = append(problems, fmt.Sprintf("spec.metrics[%d]: exactly the source its type %q names must be set", i, metric.Type))
		}
	}
	return problems
}

func networkPolicyRules(spec networkingv1.NetworkPolicySpec) []string {
	var problems []string
	peers := func(list []networkingv1.NetworkPolicyPeer, path string) {
		for i, peer := range list {
			at := fmt.Sprintf("%s[%d]", path, i)
			if peer.IPBlock == nil {
				continue
			}
			_, block, err := net.ParseCIDR(peer.IPBlock.CIDR)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s.ipBlock.cidr: %v", at, err))
				continue
			}
			for j, except := range peer.IPBlock.Except {
				inner, _, err := net.ParseCIDR(except)
				if err != nil || !block.Contains(inner) {
					problems = append(problems, fmt.Sprintf("%s.ipBlock.except[%d]: %q is not a CIDR within %s", at, j, except, peer.IPBlock.CIDR))
				}
			}
			if peer.NamespaceSelector != nil || peer.PodSelector != nil {
				problems = append(problems, at+": ipBlock cannot be combined with a selector")
			}
		}
	}
	ports := func(list []networkingv1.NetworkPolicyPort, path string) {
		for i, port := range list {
			if port.Port != nil {
				problems = append(problems, portReference(*port.Port, fmt.Sprintf("%s[%d].port", path, i))...)
			}
		}
	}
	for i, rule := range spec.Ingress {
		peers(rule.From, fmt.Sprintf("spec.ingress[%d].from", i))
		ports(rule.Ports, fmt.Sprintf("spec.ingress[%d].ports", i))
	}
	for i, rule := range spec.Egress {
		peers(rule.To, fmt.Sprintf("spec.egress[%d].to", i))
		ports(rule.Ports, fmt.Sprintf("spec.egress[%d].ports", i))
	}
	for i, policyType := range spec.PolicyTypes {
		if policyType != networkingv1.PolicyTypeIngress && policyType != networkingv1.PolicyTypeEgress {
			problems = append(problems, fmt.Sprintf("spec.policyTypes[%d]: must be Ingress or Egress, not %q", i, policyType))
		}
	}
	return problems
}

func ingressRules(spec networkingv1.IngressSpec) []string {
	var problems []string
	for i, rule := range spec.Rules {
		at := fmt.Sprintf("spec.rules[%d]", i)
		if rule.Host != "" {
			if strings.HasPrefix(rule.Host, "*.") {
				problems = append(problems, each(validation.IsWildcardDNS1123Subdomain(rule.Host), at+".host")...)
			} else {
				problems = append(problems, each(validation.IsDNS1123Subdomain(rule.Host), at+".host")...)
			}
		}
		if rule.HTTP == nil {
			continue
		}
		for j, path := range rule.HTTP.Paths {
			pathAt := fmt.Sprintf("%s.http.paths[%d]", at, j)
			if path.PathType != nil && *path.PathType != networkingv1.PathTypeImplementationSpecific && !strings.HasPrefix(path.Path, "/") {
				problems = append(problems, pathAt+".path: must be an absolute path")
			}
			if path.PathType != nil && *path.PathType != networkingv1.PathTypeExact && *path.PathType != networkingv1.PathTypePrefix && *path.PathType != networkingv1.PathTypeImplementationSpecific {
				problems = append(problems, fmt.Sprintf("%s.pathType: %q is not Exact, Prefix or ImplementationSpecific", pathAt, *path.PathType))
			}
			if service := path.Backend.Service; service != nil && (service.Port.Name == "") == (service.Port.Number == 0) {
				problems = append(problems, pathAt+".backend.service.port: exactly one of name and number is required")
			}
		}
	}
	for i, tls := range spec.TLS {
		for j, host := range tls.Hosts {
			if !strings.HasPrefix(host, "*.") {
				problems = append(problems, each(validation.IsDNS1123Subdomain(host), fmt.Sprintf("spec.tls[%d].hosts[%d]", i, j))...)
			}
		}
	}
	return problems
}
