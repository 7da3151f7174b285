// Sandock desktop template: Firefox ESR opens what it is asked to open and nothing else. No
// welcome, privacy-notice or what's-new tabs (they need the internet and cover the page), and no
// banner about the content sandbox, which cannot create user namespaces inside a container
// (Firefox falls back to its seccomp sandbox).
pref("browser.aboutwelcome.enabled", false);
pref("browser.startup.homepage_override.mstone", "ignore");
pref("startup.homepage_welcome_url", "");
pref("startup.homepage_welcome_url.additional", "");
pref("datareporting.policy.dataSubmissionEnabled", false);
pref("toolkit.telemetry.reportingpolicy.firstRun", false);
pref("security.sandbox.warn_unprivileged_namespaces", false);
