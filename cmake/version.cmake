# Writes OUT, a C++ file defining tenbin::kVersion from `git describe` in SOURCE_DIR: the nearest
# tag's description when there is a tag, else FALLBACK (the project's version) with the commit,
# else FALLBACK alone outside a git checkout. Run at every build; OUT is rewritten only when the
# text changes, so an unchanged version rebuilds nothing.
function(describe out)
  execute_process(COMMAND git describe ${ARGN} WORKING_DIRECTORY "${SOURCE_DIR}" OUTPUT_VARIABLE text
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE status)
  if(status EQUAL 0)
    set(${out} "${text}" PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()

describe(tagged --tags --dirty)
describe(commit --always --dirty)
if(NOT tagged STREQUAL "")
  set(version "${tagged}")
elseif(NOT commit STREQUAL "")
  set(version "${FALLBACK}-g${commit}")
else()
  set(version "${FALLBACK}")
endif()
set(text "namespace tenbin {\nextern const char* const kVersion;\nconst char* const kVersion = \"${version}\";\n}\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" previous)
  if(previous STREQUAL text)
    return()
  endif()
endif()
file(WRITE "${OUT}" "${text}")
