{{/* The release's full name, at most 63 characters less room for the longest suffix (-worker-metrics). */}}
{{- define "cbp.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 48 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 48 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "cbp.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* Labels that pick one component's pods: (dict "root" $ "component" "api"). */}}
{{- define "cbp.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "cbp.componentLabels" -}}
{{ include "cbp.labels" .root }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "cbp.serviceAccountName" -}}
{{- default (include "cbp.fullname" .) .Values.serviceAccount.name -}}
{{- end -}}

{{- define "cbp.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{/* The rails simulator's image: the sandbox target of the same build, tagged <the api's tag>-sandbox unless given. */}}
{{- define "cbp.simulatorImage" -}}
{{- $image := .Values.rails.simulator.image -}}
{{- $tag := default (printf "%s-sandbox" (default .Chart.AppVersion .Values.image.tag)) $image.tag -}}
{{- printf "%s:%s" (default .Values.image.repository $image.repository) $tag -}}
{{- end -}}

{{/* The rails the api and the worker call: the simulator's Service when it runs, else rails.url. */}}
{{- define "cbp.railsUrl" -}}
{{- if .Values.rails.simulator.enabled -}}
{{- printf "http://%s-rails:%v" (include "cbp.fullname" .) .Values.rails.simulator.port -}}
{{- else -}}
{{- required "rails.url is required: the rails' base URL, or rails.simulator.enabled=true in a sandbox" .Values.rails.url -}}
{{- end -}}
{{- end -}}

{{/* Where the Temporal TLS Secret's files are mounted. */}}
{{- define "cbp.temporalTlsDir" -}}/etc/crossborder-payments/temporal-tls{{- end -}}

{{/*
The variables the chart sets itself. `config` may not name them (it would be a second,
silently shadowed definition), nor anything that looks like a secret.
*/}}
{{- define "cbp.checkConfig" -}}
{{- $owned := list "NODE_ENV" "PORT" "DATABASE_URL" "DATABASE_POOL_SIZE" "JWT_SECRET" "SECRETS_KEY" "SECRETS_KEY_PREVIOUS" "RAILS_URL" "RAILS_TIMEOUT_MS" "METRICS_HOST" "API_METRICS_PORT" "WORKER_METRICS_PORT" "TRUSTED_PROXIES" "WORKER_MAX_CACHED_WORKFLOWS" "WORKER_WORKFLOW_THREADS" "API_DRAIN_DELAY" "SHUTDOWN_GRACE" -}}
{{- range $name, $value := .Values.config -}}
{{- if or (has $name $owned) (hasPrefix "TEMPORAL_" $name) (hasPrefix "CODEC_SERVER_" $name) -}}
{{- fail (printf "config.%s: the chart sets %s itself from its own values (values.yaml)" $name $name) -}}
{{- end -}}
{{- if regexMatch "(SECRET|PASSWORD|PASSWD|TOKENS?|KEYS?|CREDENTIALS?)$" $name -}}
{{- fail (printf "config.%s looks like a secret: give it by reference, in secretEnv" $name) -}}
{{- end -}}
{{- if or (kindIs "map" $value) (kindIs "slice" $value) -}}
{{- fail (printf "config.%s must be a string, number or boolean" $name) -}}
{{- end -}}
{{- end -}}
{{- range $name, $ref := .Values.secretEnv -}}
{{- if or (has $name $owned) (hasPrefix "TEMPORAL_" $name) (hasPrefix "CODEC_SERVER_" $name) (hasKey $.Values.config $name) -}}
{{- fail (printf "secretEnv.%s: set elsewhere already" $name) -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
The proxies whose x-forwarded-for the api believes (TRUSTED_PROXIES). Behind the chart's
ingress they are required: without them every caller would be the ingress controller.
*/}}
{{- define "cbp.trustedProxies" -}}
{{- if and .Values.api.ingress.enabled (empty .Values.api.trustedProxies) -}}
{{- fail "api.trustedProxies is required with api.ingress.enabled: the ingress controller's pod range (CIDR), whose x-forwarded-for the api believes" -}}
{{- end -}}
{{- join "," .Values.api.trustedProxies -}}
{{- end -}}

{{/* Environment of the api and the worker. */}}
{{- define "cbp.serviceEnv" -}}
{{- include "cbp.checkConfig" . -}}
- name: NODE_ENV
  value: production
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ required "database.secretName is required: an existing Secret with the postgres:// URL" .Values.database.secretName }}
      key: {{ .Values.database.urlKey }}
- name: DATABASE_POOL_SIZE
  value: {{ .Values.database.poolSize | quote }}
- name: JWT_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ required "secrets.name is required: an existing Secret with JWT_SECRET, SECRETS_KEY and TEMPORAL_PAYLOAD_KEYS" .Values.secrets.name }}
      key: {{ .Values.secrets.jwtSecretKey }}
- name: SECRETS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ .Values.secrets.name }}
      key: {{ .Values.secrets.secretsKeyKey }}
- name: SECRETS_KEY_PREVIOUS
  valueFrom:
    secretKeyRef:
      name: {{ .Values.secrets.name }}
      key: {{ .Values.secrets.secretsKeyPreviousKey }}
      optional: true
- name: TEMPORAL_ADDRESS
  value: {{ required "temporal.address is required: host:port of Temporal's frontend" .Values.temporal.address | quote }}
- name: TEMPORAL_NAMESPACE
  value: {{ required "temporal.namespace is required: the Temporal namespace the service uses" .Values.temporal.namespace | quote }}
- name: TEMPORAL_TASK_QUEUE
  value: {{ .Values.temporal.taskQueue | quote }}
{{- include "cbp.payloadKeysEnv" . }}
{{- if .Values.temporal.insecure }}
{{- if or .Values.temporal.tls.enabled .Values.temporal.tls.secretName .Values.temporal.apiKey.secretName }}
{{- fail "temporal.insecure is true, yet temporal.tls or temporal.apiKey is set: drop one of them" }}
{{- end }}
- name: TEMPORAL_INSECURE
  value: "true"
{{- end }}
{{- with .Values.temporal.tls }}
{{- if .enabled }}
- name: TEMPORAL_TLS
  value: "true"
{{- end }}
{{- if and (or .caKey .certKey .keyKey) (not .secretName) }}
{{- fail "temporal.tls.secretName is required when temporal.tls names a CA, certificate or key" }}
{{- end }}
{{- if ne (empty .certKey) (empty .keyKey) }}
{{- fail "temporal.tls.certKey and temporal.tls.keyKey: give both (mTLS) or neither" }}
{{- end }}
{{- if and .secretName (not (or .caKey .certKey)) }}
{{- fail "temporal.tls.secretName is set but names no file: set caKey, or certKey and keyKey" }}
{{- end }}
{{- if .caKey }}
- name: TEMPORAL_TLS_SERVER_CA_CERT_PATH
  value: {{ include "cbp.temporalTlsDir" $ }}/ca.pem
{{- end }}
{{- if .certKey }}
- name: TEMPORAL_TLS_CLIENT_CERT_PATH
  value: {{ include "cbp.temporalTlsDir" $ }}/client.pem
- name: TEMPORAL_TLS_CLIENT_KEY_PATH
  value: {{ include "cbp.temporalTlsDir" $ }}/client.key
{{- end }}
{{- if .serverName }}
- name: TEMPORAL_TLS_SERVER_NAME
  value: {{ .serverName | quote }}
{{- end }}
{{- end }}
{{- with .Values.temporal.apiKey }}
{{- if .secretName }}
- name: TEMPORAL_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ .secretName }}
      key: {{ .key }}
{{- end }}
{{- end }}
- name: RAILS_URL
  value: {{ include "cbp.railsUrl" . | quote }}
- name: RAILS_TIMEOUT_MS
  value: {{ .Values.rails.timeoutMs | quote }}
- name: METRICS_HOST
  value: 0.0.0.0
{{- range $name, $value := .Values.config }}
- name: {{ $name }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- range $name, $ref := .Values.secretEnv }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ $ref.name }}
      key: {{ $ref.key }}
{{- end }}
{{- end -}}

{{/* The payload codec's keys (TEMPORAL_PAYLOAD_KEYS), from the service's Secret: the api, the worker and the codec server. */}}
{{- define "cbp.payloadKeysEnv" }}
- name: TEMPORAL_PAYLOAD_KEYS
  valueFrom:
    secretKeyRef:
      name: {{ required "secrets.name is required: an existing Secret with JWT_SECRET, SECRETS_KEY and TEMPORAL_PAYLOAD_KEYS" .Values.secrets.name }}
      key: {{ .Values.secrets.payloadKeysKey }}
{{- end -}}

{{/* The Temporal TLS Secret as a volume, and its mount; nothing when there is none. */}}
{{- define "cbp.temporalTlsVolume" -}}
{{- with .Values.temporal.tls }}
{{- if .secretName }}
- name: temporal-tls
  secret:
    secretName: {{ .secretName }}
    defaultMode: 0440
    items:
      {{- if .caKey }}
      - key: {{ .caKey }}
        path: ca.pem
      {{- end }}
      {{- if .certKey }}
      - key: {{ .certKey }}
        path: client.pem
      - key: {{ .keyKey }}
        path: client.key
      {{- end }}
{{- end }}
{{- end }}
{{- end -}}

{{- define "cbp.temporalTlsMount" -}}
{{- if .Values.temporal.tls.secretName }}
- name: temporal-tls
  mountPath: {{ include "cbp.temporalTlsDir" . }}
  readOnly: true
{{- end }}
{{- end -}}

{{/* Scheduling of one component: (dict "root" $ "component" "api" "values" .Values.api). */}}
{{- define "cbp.scheduling" -}}
{{- with .values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- if .root.Values.spreadAcrossZones }}
topologySpreadConstraints:
  {{- range list "topology.kubernetes.io/zone" "kubernetes.io/hostname" }}
  - maxSkew: 1
    topologyKey: {{ . }}
    whenUnsatisfiable: ScheduleAnyway
    labelSelector:
      matchLabels:
        {{- include "cbp.selectorLabels" (dict "root" $.root "component" $.component) | nindent 8 }}
  {{- end }}
{{- end }}
{{- end -}}

{{/* Pod-level settings every component shares. */}}
{{- define "cbp.podCommon" -}}
serviceAccountName: {{ include "cbp.serviceAccountName" . }}
automountServiceAccountToken: false
enableServiceLinks: false
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* /tmp as the one writable place: the root filesystem is read-only. */}}
{{- define "cbp.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: 64Mi
{{- end -}}
