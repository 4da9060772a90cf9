-- Issue 25: before the logger redacted its lines, the server's own log could hold the generated
-- first-admin password, recovery and verification codes and invitation links (written there without
-- SMTP), and whatever else a line carried. Lines stored before this release are dropped rather than
-- scanned: none is trusted, and they are at most the retention (7 days by default) old.
TRUNCATE log_lines;
