# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
## The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
!# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
v# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
## The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
T# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
R# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
E# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
A# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
D# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
M# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
E# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
'# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
v# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
y# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
O# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
D# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
U# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
f# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
## The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
w# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
v# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
(# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
N# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
2# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
4# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
D# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
C# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
C# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
## The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
w# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
C# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
D# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
w# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
)# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
## The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
(# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
w# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
x# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
)# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
## The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
`# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
&# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
&# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
`# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
E# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
w# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
y# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
E# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
w# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
## The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
y# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
(# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
R# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
E# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
A# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
D# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
M# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
E# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
T# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
)# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
`# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
`# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
`# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
`# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
(# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
C# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
I# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
)# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
f# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
$# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
(# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
$# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
0# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
)# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
f# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
[# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
$# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
(# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
)# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
!# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
=# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
0# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
]# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
;# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
:# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
(# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
)# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
:# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
f# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
w# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
># The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
&# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
2# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
x# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
1# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
f# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
=# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
$# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
(# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
)# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
f# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
[# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
$# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
]# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
;# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
x# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
P# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
A# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
T# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
H# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
=# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
$# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
:# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
$# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
P# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
A# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
T# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
H# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
;# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
f# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
## The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
A# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
C# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
:# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
v# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
'# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
## The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
D# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
'# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
C# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
f# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
'# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
w# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
:# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
$# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
(# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
v# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
)# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
$# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
(# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
v# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
)# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
$# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
(# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
v# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
f# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
'# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
{# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
{# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
S# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
v# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
V# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
}# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
}# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
'# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
)# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
"# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
f# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
## The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
T# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
(# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
v# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
@# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
2# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
)# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
## The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
2# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
y# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
f# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
(# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
D# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
f# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
## The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
'# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
)# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
w# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
x# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
B# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
f# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
## The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
,# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
w# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
w# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
h# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
w# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
f# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
j# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
c# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
r# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
/# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
b# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
u# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
l# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
d# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
k# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
o# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
-# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
i# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
a# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
g# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
.# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
j# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
n# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
p# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
m# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
 # The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
e# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
s# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
t# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin

# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
