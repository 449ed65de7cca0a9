-- Issue 26: a session dies with the credential that made it. Each user has a credential version,
-- bumped by the trigger revoke_sessions (prisma/sql) when their password or PIN changes, they are
-- disabled, or their driver is deactivated; each session carries the version its sign-in read
-- before checking the password, and the session read accepts it only while the two agree.
ALTER TABLE "users" ADD COLUMN "credential_version" INTEGER NOT NULL DEFAULT 0;

-- Sessions open before this migration were made with version 0, the version every user starts at.
-- New ones must state theirs: no default, so a writer that forgets it fails instead of guessing.
ALTER TABLE "sessions" ADD COLUMN "credential_version" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "sessions" ALTER COLUMN "credential_version" DROP DEFAULT;
