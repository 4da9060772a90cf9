-- Who may access an item, one row per (item, person or group, role): the access tab of an item reads it as
-- upstream's console reads duty's view of the same name and columns. A grant to a group shows each live
-- member of the group (the group's id kept on the row), or the group itself while it has none; a direct
-- grant shows its user. Live grants only; `last_signed_in_at` is the person's newest sign-in to the item.

CREATE VIEW config_access_summary AS
WITH grants AS (
  SELECT a.config_id, a.external_user_id, NULL::uuid AS external_group_id, a.external_role_id, a.created_at,
         a.deleted_at, a.created_by, a.last_reviewed_at, a.last_reviewed_by
    FROM config_access a
   WHERE a.deleted_at IS NULL AND a.external_group_id IS NULL
  UNION ALL
  SELECT a.config_id, m.external_user_id, a.external_group_id, a.external_role_id, a.created_at,
         a.deleted_at, a.created_by, a.last_reviewed_at, a.last_reviewed_by
    FROM config_access a
    LEFT JOIN external_user_groups m ON m.external_group_id = a.external_group_id AND m.deleted_at IS NULL
   WHERE a.deleted_at IS NULL AND a.external_group_id IS NOT NULL
)
SELECT g.config_id,
       i.name AS config_name,
       i.type AS config_type,
       g.external_group_id,
       g.external_user_id,
       r.name AS role,
       coalesce(r.aliases, '{}'::text[]) AS role_external_ids,
       coalesce(u.name, eg.name) AS "user",
       coalesce(u.email, '') AS email,
       coalesce(u.user_type, CASE WHEN eg.id IS NOT NULL THEN 'group' END) AS user_type,
       g.created_at,
       g.deleted_at,
       g.created_by,
       (SELECT max(l.created_at) FROM config_access_logs l
         WHERE l.config_id = g.config_id AND l.external_user_id = g.external_user_id) AS last_signed_in_at,
       g.last_reviewed_at,
       g.last_reviewed_by
  FROM grants g
  JOIN config_items i ON i.id = g.config_id
  LEFT JOIN external_users u ON u.id = g.external_user_id
  LEFT JOIN external_groups eg ON eg.id = g.external_group_id
  LEFT JOIN external_roles r ON r.id = g.external_role_id
 WHERE u.id IS NOT NULL OR eg.id IS NOT NULL;
