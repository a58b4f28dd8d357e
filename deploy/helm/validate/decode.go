package main

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// The API groups this check knows. An object of any other kind is refused rather than passed
// unchecked.
var scheme = func() *runtime.Scheme {
	s := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		corev1.AddToScheme, appsv1.AddToScheme, autoscalingv2.AddToScheme, batchv1.AddToScheme,
		networkingv1.AddToScheme, policyv1.AddToScheme, rbacv1.AddToScheme, monitoringv1.AddToScheme,
	} {
		if err := add(s); err != nil {
			panic(err)
		}
	}
	return s
}()

// validate decodes one document strictly into its Go type and applies the API server's rules.
// identity names the object for messages ("Deployment/payments-api").
func validate(data []byte) (identity string, problems []string) {
	identity = "object"
	// YAMLToJSONStrict refuses duplicate keys, which a plain YAML decoder silently merges.
	asJSON, err := yaml.YAMLToJSONStrict(data)
	if err != nil {
		return identity, []string{fmt.Sprintf("not valid YAML: %v", err)}
	}
	var header struct {
		metav1.TypeMeta
		Metadata struct {
			Name string `json:"name"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal(asJSON, &header); err != nil {
		return identity, []string{fmt.Sprintf("not a Kubernetes object: %v", err)}
	}
	typeMeta := header.TypeMeta
	if typeMeta.APIVersion == "" || typeMeta.Kind == "" {
		return identity, []string{"apiVersion and kind are required"}
	}
	identity = typeMeta.Kind + "/" + header.Metadata.Name
	gvk := schema.FromAPIVersionAndKind(typeMeta.APIVersion, typeMeta.Kind)
	object, err := scheme.New(gvk)
	if err != nil {
		return identity, []string{fmt.Sprintf("%s %s is not a kind this check knows", typeMeta.APIVersion, typeMeta.Kind)}
	}
	// The API server's own strict decoding: case-sensitive names, unknown and duplicate fields
	// reported, a value of the wrong type an error.
	strict, err := kjson.UnmarshalStrict(asJSON, object, kjson.DisallowDuplicateFields, kjson.DisallowUnknownFields)
	if err != nil {
		return identity, []string{fmt.Sprintf("wrong type: %v", err)}
	}
	for _, e := range strict {
		problems = append(problems, e.Error())
	}
	var raw map[string]any
	if err := json.Unmarshal(asJSON, &raw); err != nil {
		return identity, append(problems, err.Error())
	}
	problems = append(problems, missingRequired(raw, reflect.TypeOf(object), "")...)
	problems = append(problems, apiServerRules(object)...)
	sort.Strings(problems)
	return identity, problems
}

var unmarshaler = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()

// The one field of a manifest's types that is optional (`+optional`, and so in the OpenAPI
// document) although its tag lacks omitempty. Statuses have more, but a manifest sets no status.
var optionalWithoutOmitempty = map[string]bool{"GRPCAction.service": true}

// missingRequired walks the decoded JSON beside its Go type. The Kubernetes API types mark every
// optional field `omitempty` (their OpenAPI `required` lists are generated from the same
// markers), so a field without it must be present, and not null, wherever its parent is.
func missingRequired(raw any, t reflect.Type, path string) []string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	// Quantity, IntOrString, Time, RawExtension: scalars or free-form on the wire.
	if reflect.PointerTo(t).Implements(unmarshaler) {
		return nil
	}
	var missing []string
	switch t.Kind() {
	case reflect.Struct:
		fields, ok := raw.(map[string]any)
		if !ok {
			return nil
		}
		for i := 0; i < t.NumField(); i++ {
			field := t.Field(i)
			name, options, _ := strings.Cut(field.Tag.Get("json"), ",")
			if !field.IsExported() || name == "-" {
				continue
			}
			if field.Anonymous && name == "" { // `json:",inline"`: its fields are the parent's
				missing = append(missing, missingRequired(raw, field.Type, path)...)
				continue
			}
			if path == "" && name == "status" {
				continue
			}
			value, present := fields[name]
			if !present || value == nil {
				if !strings.Contains(","+options+",", ",omitempty,") && !optionalWithoutOmitempty[t.Name()+"."+name] {
					missing = append(missing, fmt.Sprintf("%s: required field is missing", join(path, name)))
				}
				continue
			}
			missing = append(missing, missingRequired(value, field.Type, join(path, name))...)
		}
	case reflect.Slice:
		items, _ := raw.([]any)
		for i, item := range items {
			missing = append(missing, missingRequired(item, t.Elem(), fmt.Sprintf("%s[%d]", path, i))...)
		}
	case reflect.Map:
		entries, _ := raw.(map[string]any)
		for key, value := range entries {
			missing = append(missing, missingRequired(value, t.Elem(), join(path, key))...)
		}
	}
	return missing
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
