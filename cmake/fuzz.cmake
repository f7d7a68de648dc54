# libFuzzer targets (fuzz/README.md): one per input surface, built by the `fuzz` preset with clang,
# -fsanitize=fuzzer,address,undefined. Each links the same library code the CLI and server run.
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "COURT_FUZZ needs clang++ (the `fuzz` preset sets it; scripts/bootstrap installs it)")
endif()

# Boost 1.74 looks for clang's coroutines in <experimental/coroutine> (libc++); clang 14 with libstdc++
# has the standard <coroutine>, so tell Asio.
target_compile_definitions(court_server PUBLIC BOOST_ASIO_HAS_CO_AWAIT BOOST_ASIO_HAS_STD_COROUTINE)
# clang 14's -fsanitize=function check fails to assemble coroutine frames ("Cannot represent a
# difference across sections"); the server's coroutines go without that one check.
target_compile_options(court_server PRIVATE -fno-sanitize=function)

set(COURT_FUZZ_GAMES intrigue belle gameshire persuasion persuasion-classic)
set(COURT_FUZZ_TARGETS "")

function(court_fuzz_target name source)
  add_executable(${name} fuzz/${source})
  target_include_directories(${name} PRIVATE fuzz)
  target_link_libraries(${name} PRIVATE ${ARGN})
  target_link_options(${name} PRIVATE -fsanitize=fuzzer)
  target_compile_options(${name} PRIVATE -fno-sanitize=function)   # see court_server above
  set(COURT_FUZZ_TARGETS ${COURT_FUZZ_TARGETS} ${name} PARENT_SCOPE)
endfunction()

court_fuzz_target(fuzz_replay fuzz_replay.cpp court_lib)
court_fuzz_target(fuzz_options fuzz_options.cpp court_lib)
foreach(game IN LISTS COURT_FUZZ_GAMES)
  string(REPLACE "-" "_" id ${game})
  string(REGEX REPLACE "-.*" "" data_home ${game})   # persuasion-classic reads persuasion's deck
  court_fuzz_target(fuzz_scenario_${id} fuzz_scenario.cpp court_lib)
  target_compile_definitions(fuzz_scenario_${id} PRIVATE COURT_FUZZ_GAME="${game}")
  court_fuzz_target(fuzz_data_${id} fuzz_data.cpp court_lib)
  target_compile_definitions(fuzz_data_${id} PRIVATE COURT_FUZZ_GAME="${game}" COURT_FUZZ_DATA="${data_home}")
endforeach()
court_fuzz_target(fuzz_rest fuzz_rest.cpp court_lab)
court_fuzz_target(fuzz_lab_job fuzz_lab_job.cpp court_lab)
court_fuzz_target(fuzz_ws fuzz_ws.cpp court_server)
court_fuzz_target(fuzz_request_guard fuzz_request_guard.cpp court_server)
court_fuzz_target(fuzz_text fuzz_text.cpp court_server)
court_fuzz_target(fuzz_json fuzz_json.cpp court_engine)
court_fuzz_target(fuzz_tune fuzz_tune.cpp court_advisor)

# The list scripts/fuzz runs.
string(REPLACE ";" "\n" COURT_FUZZ_LIST "${COURT_FUZZ_TARGETS}")
file(WRITE ${CMAKE_BINARY_DIR}/fuzz_targets.txt "${COURT_FUZZ_LIST}\n")
