{{/* Names, labels and the checks every template shares. */}}

{{- define "mc.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "mc.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "mc.selectorLabels" -}}
app.kubernetes.io/name: {{ include "mc.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "mc.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "mc.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "mc.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "mc.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The chart's own secret (generated key and admin password), when one of them is generated. */}}
{{- define "mc.generatedSecretName" -}}
{{- printf "%s-generated" (include "mc.fullname" .) -}}
{{- end -}}

{{- define "mc.secretKeySecret" -}}
{{- default (include "mc.generatedSecretName" .) .Values.secretKey.existingSecret -}}
{{- end -}}

{{- define "mc.adminSecret" -}}
{{- default (include "mc.generatedSecretName" .) .Values.admin.existingSecret -}}
{{- end -}}

{{/* Whether a separate worker Deployment runs (never with the embedded database). */}}
{{- define "mc.separateWorker" -}}
{{- if and (eq .Values.database.mode "external") .Values.worker.enabled -}}true{{- end -}}
{{- end -}}

{{/*
Refuses combinations the schema cannot express, with a message naming the values to change.
Called once from configmap.yaml, which every release renders.
*/}}
{{- define "mc.validate" -}}
{{- if eq .Values.database.mode "embedded" -}}
{{- if gt (int .Values.http.replicas) 1 -}}
{{- fail (printf "database.mode=embedded runs a single pod: http.replicas must be 1 (it is %d). Use database.mode=external (PostgreSQL) to scale out." (int .Values.http.replicas)) -}}
{{- end -}}
{{- if .Values.worker.enabled -}}
{{- fail "database.mode=embedded runs the workers inside the single pod (MC_ROLE=all): set worker.enabled=false, or use database.mode=external (PostgreSQL) for a separate worker Deployment." -}}
{{- end -}}
{{- else -}}
{{- if not .Values.database.external.existingSecret -}}
{{- fail "database.mode=external needs database.external.existingSecret: the secret holding the postgres:// URL under database.external.key." -}}
{{- end -}}
{{- end -}}
{{- $stopping := add (int .Values.shutdownTimeoutSeconds) (int (.Values.http.preStopSleepSeconds | default 0)) -}}
{{- if le (int .Values.terminationGracePeriodSeconds) (int $stopping) -}}
{{- fail (printf "terminationGracePeriodSeconds (%d) must be greater than shutdownTimeoutSeconds plus http.preStopSleepSeconds (%d), or Kubernetes kills the pod before its requests and jobs finish." (int .Values.terminationGracePeriodSeconds) (int $stopping)) -}}
{{- end -}}
{{- if and .Values.networkPolicy.enabled (eq .Values.database.mode "external") (not .Values.networkPolicy.egress.database.cidrs) -}}
{{- fail "networkPolicy.enabled with database.mode=external needs networkPolicy.egress.database.cidrs: the addresses of PostgreSQL, or the pods cannot reach their database." -}}
{{- end -}}
{{- if eq (int .Values.http.port) (int .Values.metrics.port) -}}
{{- fail "http.port and metrics.port must differ." -}}
{{- end -}}
{{- $reserved := list "DATABASE_URL" "MC_ROLE" "HOST" "PORT" "MC_DATA_DIR" "MC_METRICS_ADDRESS" "MC_SECRET_KEY" "MC_ADMIN_EMAIL" "MC_ADMIN_PASSWORD" "MC_PUBLIC_URL" "LOG_LEVEL" "MC_SHUTDOWN_TIMEOUT_MS" "MC_WORKER_CONCURRENCY" -}}
{{- range .Values.extraEnv -}}
{{- if has .name $reserved -}}
{{- fail (printf "extraEnv sets %s, which the chart sets itself: use the chart's value for it (docs/operations.md, Install with Helm)." .name) -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Environment both Deployments share; the role and its own variables come from the caller. */}}
{{- define "mc.env" -}}
- name: HOST
  value: {{ .Values.listenHost | quote }}
- name: PORT
  value: {{ .Values.http.port | quote }}
- name: MC_METRICS_ADDRESS
  value: {{ printf "%s:%d" (ternary (printf "[%s]" .Values.listenHost) .Values.listenHost (contains ":" .Values.listenHost)) (int .Values.metrics.port) | quote }}
- name: MC_DATA_DIR
  value: /var/lib/mission-control
{{- if eq .Values.database.mode "external" }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ .Values.database.external.existingSecret }}
      key: {{ .Values.database.external.key }}
{{- end }}
- name: MC_SECRET_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "mc.secretKeySecret" . }}
      key: {{ .Values.secretKey.key }}
{{- with .Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/*
The pod template of a Deployment. Arguments: dict "root" $ "component" "http"|"worker" "role" MC_ROLE
"values" the component's values "probePort" the named port the probes use.
*/}}
{{- define "mc.podTemplate" -}}
{{- $root := .root -}}
{{- $v := .values -}}
metadata:
  labels:
    {{- include "mc.selectorLabels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ .component }}
    {{- with $root.Values.podLabels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  annotations:
    checksum/config: {{ include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum }}
    checksum/secret: {{ include (print $root.Template.BasePath "/secret.yaml") $root | sha256sum }}
    {{- with $root.Values.podAnnotations }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
spec:
  serviceAccountName: {{ include "mc.serviceAccountName" $root }}
  automountServiceAccountToken: {{ $root.Values.serviceAccount.automountToken }}
  {{- with $root.Values.image.pullSecrets }}
  imagePullSecrets:
    {{- range . }}
    - name: {{ . }}
    {{- end }}
  {{- end }}
  terminationGracePeriodSeconds: {{ $root.Values.terminationGracePeriodSeconds }}
  {{- with $root.Values.podSecurityContext }}
  securityContext:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  containers:
    - name: {{ .component }}
      image: "{{ $root.Values.image.repository }}:{{ default $root.Chart.AppVersion $root.Values.image.tag }}"
      imagePullPolicy: {{ $root.Values.image.pullPolicy }}
      {{- with $root.Values.securityContext }}
      securityContext:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      ports:
        {{- if eq .component "http" }}
        - name: http
          containerPort: {{ $root.Values.http.port }}
          protocol: TCP
        {{- end }}
        - name: metrics
          containerPort: {{ $root.Values.metrics.port }}
          protocol: TCP
      envFrom:
        - configMapRef:
            name: {{ include "mc.fullname" $root }}
        {{- with $root.Values.extraEnvFrom }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      env:
        - name: MC_ROLE
          value: {{ .role }}
        {{- if eq .component "http" }}
        # the first admin is created by the process that serves sign-in; workers never see the password
        - name: MC_ADMIN_PASSWORD
          valueFrom:
            secretKeyRef:
              name: {{ include "mc.adminSecret" $root }}
              key: {{ $root.Values.admin.passwordKey }}
        {{- end }}
        {{- include "mc.env" $root | nindent 8 }}
      startupProbe:
        httpGet:
          path: /readyz
          port: {{ .probePort }}
        {{- toYaml $root.Values.probes.startup | nindent 8 }}
      readinessProbe:
        httpGet:
          path: /readyz
          port: {{ .probePort }}
        {{- toYaml $root.Values.probes.readiness | nindent 8 }}
      livenessProbe:
        httpGet:
          path: /livez
          port: {{ .probePort }}
        {{- toYaml $root.Values.probes.liveness | nindent 8 }}
      {{- if and (eq .component "http") $v.preStopSleepSeconds }}
      lifecycle:
        preStop:
          exec:
            command: ["sleep", "{{ $v.preStopSleepSeconds }}"]
      {{- end }}
      {{- with $v.resources }}
      resources:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      volumeMounts:
        - name: tmp
          mountPath: /tmp
        - name: data
          mountPath: /var/lib/mission-control
  volumes:
    - name: tmp
      emptyDir:
        sizeLimit: {{ $root.Values.tmpSizeLimit }}
    - name: data
      {{- if eq $root.Values.database.mode "embedded" }}
      persistentVolumeClaim:
        claimName: {{ default (printf "%s-data" (include "mc.fullname" $root)) $root.Values.database.embedded.persistence.existingClaim }}
      {{- else }}
      emptyDir:
        sizeLimit: {{ $root.Values.tmpSizeLimit }}
      {{- end }}
  {{- with $v.nodeSelector }}
  nodeSelector:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- with $v.tolerations }}
  tolerations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- with $v.affinity }}
  affinity:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- with $v.topologySpreadConstraints }}
  topologySpreadConstraints:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}
