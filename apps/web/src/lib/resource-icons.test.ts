import { IconMap } from '@flanksource/icons/mi';
import { CHECK_TYPES, CONNECTION_TYPES } from '@mc/contracts';
import { describe, expect, it } from 'vitest';
import {
  AWS_ICONS,
  AZURE_ICONS,
  GCP_ICONS,
  GENERAL_ICONS,
  KUBERNETES_ICONS,
  resolveResourceIcon,
} from './resource-icons';

const ALL = [...KUBERNETES_ICONS, ...AWS_ICONS, ...AZURE_ICONS, ...GCP_ICONS, ...GENERAL_ICONS];

describe('resource-type icon resolver (001 §2)', () => {
  it('names only drawings that exist in upstream’s icon set, each in one family', () => {
    for (const name of ALL) expect(IconMap[name], name).toBeTypeOf('function');
    expect(new Set(ALL).size).toBe(ALL.length);
  });

  it('resolves Kubernetes kinds from their type levels, short names and config classes', () => {
    expect(resolveResourceIcon({ type: 'Kubernetes::Pod' })).toBe('k8s-pod');
    expect(resolveResourceIcon({ type: 'Kubernetes::Deployment' })).toBe('k8s-deployment');
    expect(resolveResourceIcon({ type: 'Kubernetes::PersistentVolumeClaim' })).toBe('k8s-persistentvolumeclaim');
    expect(resolveResourceIcon({ type: 'Kubernetes::HorizontalPodAutoscaler' })).toBe('k8s-hpa');
    expect(resolveResourceIcon({ type: 'Kubernetes::Cluster' })).toBe('k8s');
    expect(resolveResourceIcon({ type: 'Kubernetes::HelmRelease' })).toBe('helm');
    expect(resolveResourceIcon({ icon: 'k8s-svc' })).toBe('k8s-service');
    expect(resolveResourceIcon({ config_class: 'Pod' })).toBe('k8s-pod');
  });

  it('resolves cloud types level by level down to the provider’s mark', () => {
    expect(resolveResourceIcon({ type: 'AWS::EC2::Instance' })).toBe('aws-ec2-instance');
    expect(resolveResourceIcon({ type: 'AWS::EC2::SecurityGroup' })).toBe('aws-security-group');
    expect(resolveResourceIcon({ type: 'AWS::S3::Bucket' })).toBe('aws-s3');
    expect(resolveResourceIcon({ type: 'AWS::IAM::Role' })).toBe('aws-iam-role');
    expect(resolveResourceIcon({ type: 'AWS::EC2::TransitGateway' })).toBe('aws-ec2');
    expect(resolveResourceIcon({ type: 'AWS::Unheard::Of' })).toBe('aws');
    expect(resolveResourceIcon({ type: 'Azure::VirtualMachine' })).toBe('azure-vm');
    expect(resolveResourceIcon({ type: 'Azure::Compute::VirtualMachine' })).toBe('azure-vm');
    expect(resolveResourceIcon({ type: 'Azure::ResourceGroup' })).toBe('azure-resource-group');
    expect(resolveResourceIcon({ type: 'GCP::Instance' })).toBe('gcp-compute-engine');
    expect(resolveResourceIcon({ type: 'GCP::Something' })).toBe('gcp');
    expect(resolveResourceIcon({ type: 'gcs' })).toBe('gcp-cloud-storage');
    expect(resolveResourceIcon({ type: 'google_cloud' })).toBe('gcp');
    expect(resolveResourceIcon({ type: 'Kubernetes::SomeOperatorCRD' })).toBe('k8s');
  });

  it('resolves databases, protocols and tools, in any case or separator', () => {
    expect(resolveResourceIcon({ type: 'postgres' })).toBe('postgres');
    expect(resolveResourceIcon({ type: 'PostgreSQL' })).toBe('postgres');
    expect(resolveResourceIcon({ type: 'mysql' })).toBe('mysql');
    expect(resolveResourceIcon({ type: 'redis' })).toBe('redis');
    expect(resolveResourceIcon({ type: 'mongo' })).toBe('mongodb');
    expect(resolveResourceIcon({ type: 'http' })).toBe('http');
    expect(resolveResourceIcon({ type: 'dns' })).toBe('dns');
    expect(resolveResourceIcon({ type: 'tcp' })).toBe('network');
    expect(resolveResourceIcon({ type: 'icmp' })).toBe('icmp');
    expect(resolveResourceIcon({ type: 'prometheus' })).toBe('prometheus');
    expect(resolveResourceIcon({ type: 'git' })).toBe('git');
    expect(resolveResourceIcon({ type: 'slack' })).toBe('slack');
    expect(resolveResourceIcon({ type: 'email' })).toBe('email');
    expect(resolveResourceIcon({ type: 'azure_devops' })).toBe('azure-devops');
    expect(resolveResourceIcon({ type: 'generic_webhook' })).toBe('webhook');
    expect(resolveResourceIcon({ type: 'Custom::Postgres' })).toBe('postgres');
    expect(resolveResourceIcon({ type: 'Custom::Thing', config_class: 'Database' })).toBe('database');
  });

  it('prefers an explicit icon, ignores image URLs, and leaves unknown types to the generic icon', () => {
    expect(resolveResourceIcon({ icon: 'slack', type: 'http' })).toBe('slack');
    expect(resolveResourceIcon({ icon: 'https://example.com/x.svg', type: 'http' })).toBe('http');
    expect(resolveResourceIcon({ icon: 'no-such-icon', type: 'redis' })).toBe('redis');
    expect(resolveResourceIcon({ type: 'Custom::Thing' })).toBeUndefined();
    expect(resolveResourceIcon({ type: '' })).toBeUndefined();
    expect(resolveResourceIcon({})).toBeUndefined();
    expect(resolveResourceIcon({ type: '::' })).toBeUndefined();
  });

  it('has a real drawing for every check type and connection type this product offers', () => {
    for (const type of CHECK_TYPES) expect(resolveResourceIcon({ type }), type).toBeDefined();
    for (const { type } of CONNECTION_TYPES) expect(resolveResourceIcon({ type }), type).toBeDefined();
  });
});
