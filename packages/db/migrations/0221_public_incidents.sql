-- Public incidents and public updates (issue 33 item 1): an incident marked public appears on the status
-- pages whose services its evidence names; only its comments marked public appear there, as its updates.

ALTER TABLE incidents ADD COLUMN public boolean NOT NULL DEFAULT false;
ALTER TABLE comments ADD COLUMN public boolean NOT NULL DEFAULT false;
-- Status pages read public incidents only: a small partial index keeps that read off the whole table.
CREATE INDEX incidents_public_idx ON incidents (created_at DESC) WHERE public AND deleted_at IS NULL;
CREATE INDEX comments_public_idx ON comments (incident_id, created_at) WHERE public AND deleted_at IS NULL;

-- The incident list row gains `public`, appended so the view's earlier columns keep their places.
CREATE OR REPLACE VIEW incident_summary AS
SELECT
  i.id, i.incident_id, i.title, i.description, i.severity, i.type, i.status, i.created_by, i.commander_id,
  i.communicator_id, i.acknowledged, i.resolved, i.closed, i.created_at, i.updated_at,
  (SELECT jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) FROM people p WHERE p.id = i.commander_id)
    AS commander,
  (SELECT jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) FROM people p WHERE p.id = i.communicator_id)
    AS communicator,
  COALESCE((
    SELECT jsonb_agg(jsonb_build_object('id', COALESCE(p.id, t.id), 'name', COALESCE(p.name, t.name), 'avatar', p.avatar,
      'type', r.type, 'responder_id', r.id) ORDER BY r.created_at)
    FROM responders r LEFT JOIN people p ON p.id = r.person_id LEFT JOIN teams t ON t.id = r.team_id
    WHERE r.incident_id = i.id AND r.deleted_at IS NULL
  ), '[]'::jsonb) AS responders,
  COALESCE((
    SELECT jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) ORDER BY p.name)
    FROM people p
    WHERE p.id IN (SELECT c.created_by FROM comments c WHERE c.incident_id = i.id AND c.deleted_at IS NULL)
  ), '[]'::jsonb) AS commenters,
  i.public
FROM incidents i
WHERE i.deleted_at IS NULL;
