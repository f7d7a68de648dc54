# The browser client (web/app, TypeScript built with Vite from the npm registry), compiled into the
# binary as the table kWebAssets that `court serve` serves. Included from CMakeLists.txt (after court_server).
# -DCOURT_WEB=OFF embeds an empty client instead (for working on C++ while the client is mid-edit).
# The table lives in its own small library, so the engine's objects never wait for the web build.
option(COURT_WEB "Build the browser client and embed it" ON)
set(COURT_WEB_DIR ${CMAKE_SOURCE_DIR}/web/app)
set(COURT_WEB_OUT ${CMAKE_BINARY_DIR}/web)
# Vite writes fixed names (vite.config.ts), so the embedded list is known at configure time.
set(COURT_WEB_ASSETS index.html app.js app.css app-lab.js)
file(GLOB_RECURSE COURT_WEB_SOURCES CONFIGURE_DEPENDS
  ${COURT_WEB_DIR}/src/* ${COURT_WEB_DIR}/index.html ${COURT_WEB_DIR}/vite.config.ts ${COURT_WEB_DIR}/tsconfig.json)
if(NOT COURT_WEB)
  set(COURT_WEB_ASSETS "")
  set(COURT_WEB_ASSETS_ABS "")
else()
court_npm_ci(${COURT_WEB_DIR} "Installing the browser client's build tools (npm ci in web/app)"
             ${COURT_WEB_DIR}/node_modules/.package-lock.json)
set(COURT_WEB_ASSETS_ABS "")
foreach(f IN LISTS COURT_WEB_ASSETS)
  list(APPEND COURT_WEB_ASSETS_ABS ${COURT_WEB_OUT}/${f})
endforeach()
add_custom_command(
  OUTPUT ${COURT_WEB_ASSETS_ABS}
  COMMAND ${COURT_WEB_DIR}/node_modules/.bin/tsc --noEmit -p ${COURT_WEB_DIR}/tsconfig.json
  COMMAND ${COURT_WEB_DIR}/node_modules/.bin/vite build --logLevel warn --outDir ${COURT_WEB_OUT} --emptyOutDir
  WORKING_DIRECTORY ${COURT_WEB_DIR}
  DEPENDS ${COURT_WEB_DIR}/node_modules/.package-lock.json ${COURT_WEB_SOURCES}
  COMMENT "Building the browser client (tsc, vite build)"
  VERBATIM)
endif()
string(REPLACE ";" "|" COURT_WEB_ARG "${COURT_WEB_ASSETS}")
add_custom_command(
  OUTPUT ${CMAKE_BINARY_DIR}/generated/web_assets.cpp
  COMMAND ${CMAKE_COMMAND} -DROOT=${COURT_WEB_OUT} "-DFILES=${COURT_WEB_ARG}" -DTABLE=kWebAssets
          -DOUT=${CMAKE_BINARY_DIR}/generated/web_assets.cpp -P ${CMAKE_SOURCE_DIR}/cmake/embed.cmake
  DEPENDS ${COURT_WEB_ASSETS_ABS} ${CMAKE_SOURCE_DIR}/cmake/embed.cmake
  COMMENT "Embedding the browser client"
  VERBATIM)
add_library(court_web STATIC ${CMAKE_BINARY_DIR}/generated/web_assets.cpp)
target_include_directories(court_web PUBLIC src)
target_link_libraries(court_server PUBLIC court_web)

# web.lint: ESLint's one rule over web/app/src (no function over 80 lines), no browser needed. Its tools have their
# own folder and lock file (web/app/lint): typescript-eslint parses with TypeScript 6, the client compiles with 7.
set(COURT_WEB_LINT_DIR ${COURT_WEB_DIR}/lint)
court_npm_ci(${COURT_WEB_LINT_DIR} "Installing the browser client's linter (npm ci in web/app/lint: eslint)"
             ${COURT_WEB_LINT_DIR}/node_modules/.package-lock.json)
add_custom_target(court_web_lint_deps ALL DEPENDS ${COURT_WEB_LINT_DIR}/node_modules/.package-lock.json)
add_test(NAME web.lint
         COMMAND ${COURT_WEB_LINT_DIR}/node_modules/.bin/eslint --config ${COURT_WEB_LINT_DIR}/eslint.config.js
                 --max-warnings 0 src
         WORKING_DIRECTORY ${COURT_WEB_DIR})
set_tests_properties(web.lint PROPERTIES TIMEOUT 120 LABELS web)
