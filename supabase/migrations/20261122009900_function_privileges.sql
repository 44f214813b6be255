-- Who may call what. PostgreSQL lets PUBLIC execute every new function; this takes that away
-- from all functions in public and private, leaving only the explicit grants made next to
-- each function (anon: the public booking page; authenticated: the app's RPCs and the RLS
-- helpers; service_role: edge-function helpers such as verify_api_key). Later migrations that
-- add functions must grant explicitly and revoke PUBLIC themselves.
revoke execute on all functions in schema public from public;
revoke execute on all functions in schema private from public;
