# tenbin_embed_json(TARGET FILE NAMESPACE SYMBOL): FILE's text compiled into TARGET as
# `const char* const NAMESPACE::SYMBOL`, from a generated source; editing FILE re-runs the step.
function(tenbin_embed_json target file namespace symbol)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
  file(READ ${file} text)
  get_filename_component(stem ${file} NAME_WE)
  set(source ${PROJECT_BINARY_DIR}/generated/${stem}_data.cpp)
  file(CONFIGURE OUTPUT ${source} @ONLY CONTENT
       "namespace @namespace@ {\nextern const char* const @symbol@;\nconst char* const @symbol@ = R\"tenbin_json(@text@)tenbin_json\";\n}\n")
  target_sources(${target} PRIVATE ${source})
endfunction()
