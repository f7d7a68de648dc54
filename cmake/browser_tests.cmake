# Browser tests (tests/browser): headless Debian Chromium driven by playwright-core from the npm registry
# (no browser download), each test against its own `court serve` on a free port with a temporary
# database. Included from CMakeLists.txt after the court target; skipped when chromium or node is missing.
find_program(COURT_BROWSER_CHROMIUM NAMES chromium chromium-browser)
find_program(COURT_NODE node)
if(NOT COURT_BROWSER_CHROMIUM OR NOT COURT_NODE)
  message(STATUS "Browser tests skipped: chromium or node not found")
  return()
endif()
set(COURT_BROWSER_DIR ${CMAKE_SOURCE_DIR}/tests/browser)
court_npm_ci(${COURT_BROWSER_DIR} "Installing the browser tests' driver (npm ci in tests/browser: playwright-core)"
             ${COURT_BROWSER_DIR}/node_modules/.package-lock.json)
add_custom_target(court_browser_test_deps ALL DEPENDS ${COURT_BROWSER_DIR}/node_modules/.package-lock.json)
# Every tests/browser/<name>.test.mjs is a test browser.<name>.
file(GLOB COURT_BROWSER_TESTS CONFIGURE_DEPENDS ${COURT_BROWSER_DIR}/*.test.mjs)
foreach(file ${COURT_BROWSER_TESTS})
  get_filename_component(name ${file} NAME)
  string(REGEX REPLACE "\\.test\\.mjs$" "" name ${name})
  add_test(NAME browser.${name}
           COMMAND ${COURT_NODE} ${COURT_BROWSER_DIR}/${name}.test.mjs --court $<TARGET_FILE:court>
                   --chromium ${COURT_BROWSER_CHROMIUM} --out ${CMAKE_BINARY_DIR}/screenshots)
  # One Chromium at a time: the tests are heavy and the machine may be small.
  set_tests_properties(browser.${name} PROPERTIES TIMEOUT 600 RESOURCE_LOCK chromium LABELS browser)
endforeach()
