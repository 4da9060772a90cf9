-- Notifications (issue 16): a rule's recipient may be a playbook. Its send-history row links the run it
-- started (notification_send_history.playbook_run_id, upstream's column); the summary view shows the run
-- (id, status, playbook name) as upstream's `playbook_run`, appended after the existing columns.

CREATE INDEX notification_send_history_playbook_run_idx ON notification_send_history (playbook_run_id)
  WHERE playbook_run_id IS NOT NULL;

CREATE OR REPLACE VIEW notification_send_history_summary AS
SELECT h.id, h.notification_id, h.source_event, h.resource_id, h.resource_health, h.resource_status,
  h.status, h.body, h.count, h.first_observed, h.not_before, h.retries, h.person_id, h.team_id, h.connection_id,
  h.silenced_by, h.group_id, h.parent_id, h.error, h.duration_millis, h.created_at,
  n.name AS notification_name,
  k.kind AS resource_kind,
  COALESCE(ck.name, inc.title, ci.name, co.name, pb.name) AS resource_name,
  COALESCE(ck.type, inc.type, ci.type, co.type) AS resource_type,
  jsonb_build_object('id', h.resource_id, 'name', COALESCE(ck.name, inc.title, ci.name, co.name, pb.name),
    'type', COALESCE(ck.type, inc.type, ci.type, co.type)) AS resource,
  s.name AS silence_name, s.description AS silence_description,
  h.playbook_run_id,
  CASE WHEN h.playbook_run_id IS NULL THEN NULL
    ELSE jsonb_build_object('id', h.playbook_run_id, 'status', rr.status, 'name', COALESCE(rp.title, rp.name)) END
    AS playbook_run
FROM notification_send_history h
JOIN notifications n ON n.id = h.notification_id
CROSS JOIN LATERAL (SELECT CASE split_part(h.source_event, '.', 1)
  WHEN 'check' THEN 'check' WHEN 'incident' THEN 'incident' WHEN 'config' THEN 'config' WHEN 'insight' THEN 'config'
  WHEN 'component' THEN 'component' WHEN 'playbook' THEN 'playbook_run' END AS kind) k
LEFT JOIN checks ck ON k.kind = 'check' AND ck.id = h.resource_id
LEFT JOIN incidents inc ON k.kind = 'incident' AND inc.id = h.resource_id
LEFT JOIN config_items ci ON k.kind = 'config' AND ci.id = h.resource_id
LEFT JOIN components co ON k.kind = 'component' AND co.id = h.resource_id
LEFT JOIN playbook_runs pr ON k.kind = 'playbook_run' AND pr.id = h.resource_id
LEFT JOIN playbooks pb ON pb.id = pr.playbook_id
LEFT JOIN notification_silences s ON s.id = h.silenced_by
LEFT JOIN playbook_runs rr ON rr.id = h.playbook_run_id
LEFT JOIN playbooks rp ON rp.id = rr.playbook_id;
