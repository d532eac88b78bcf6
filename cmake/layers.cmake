# The layers of cpp/ (README.md, "Layout"): each folder is one library that links only the layers
# below it. The folder's files may include only their own folder's headers and those of the layers
# it depends on (directly or through them); that is checked here, when CMake configures, so an
# include that reaches up or sideways stops the build before anything compiles.

set(ATTN_LAYERS "")

# attn_folder(<folder> <what> [DEPENDS <layer>...]): checks the includes of cpp/<folder> and sets
# ATTN_SOURCES (its *.cpp) and ATTN_REACH (the folders it may include from) in the caller.
function(attn_folder folder what)
  cmake_parse_arguments(ARG "" "" "DEPENDS" ${ARGN})
  set(reach ${folder})
  foreach(dep IN LISTS ARG_DEPENDS)
    get_target_property(dep_reach ${dep} ATTN_REACH)
    list(APPEND reach ${dep_reach})
  endforeach()
  list(REMOVE_DUPLICATES reach)
  file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/cpp/${folder}/*.cpp)
  file(GLOB headers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/cpp/${folder}/*.hpp)
  foreach(file IN LISTS sources headers)
    file(STRINGS ${file} includes REGEX "^#include \"[^\"]+/[^\"/]+\"")
    foreach(line IN LISTS includes)
      string(REGEX REPLACE "^#include \"([^\"]+)/[^\"/]+\".*$" "\\1" from "${line}")
      if(NOT from IN_LIST reach)
        file(RELATIVE_PATH where ${PROJECT_SOURCE_DIR} ${file})
        message(FATAL_ERROR "${where} includes from cpp/${from}/, which ${what} does not depend on "
                            "(it may include from: ${reach})")
      endif()
    endforeach()
  endforeach()
  set(ATTN_SOURCES ${sources} PARENT_SCOPE)
  set(ATTN_REACH ${reach} PARENT_SCOPE)
endfunction()

# attn_layer(<target> <folder> [OBJECT] [DEPENDS <layer>...]): the library of cpp/<folder>.
# OBJECT: every object file goes into whatever links it (embind registrations, which nothing
# references by name, would be dropped from a static library).
function(attn_layer target folder)
  cmake_parse_arguments(ARG "OBJECT" "" "DEPENDS" ${ARGN})
  attn_folder(${folder} "the layer ${target}" DEPENDS ${ARG_DEPENDS})
  if(ARG_OBJECT)
    add_library(${target} OBJECT ${ATTN_SOURCES})
  else()
    add_library(${target} STATIC ${ATTN_SOURCES})
  endif()
  target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR}/cpp)
  target_link_libraries(${target} PUBLIC Eigen3::Eigen ${ARG_DEPENDS})
  target_compile_options(${target} PRIVATE -Wall -Wextra)
  set_target_properties(${target} PROPERTIES ATTN_REACH "${ATTN_REACH}")
  set(ATTN_LAYERS ${ATTN_LAYERS} ${target} PARENT_SCOPE)
endfunction()

# attn_program(<target> <folder> [DEPENDS <layer>...]): an executable made of cpp/<folder>, on top
# of the layers it names.
function(attn_program target folder)
  cmake_parse_arguments(ARG "" "" "DEPENDS" ${ARGN})
  attn_folder(${folder} "the program ${target}" DEPENDS ${ARG_DEPENDS})
  add_executable(${target} ${ATTN_SOURCES})
  target_link_libraries(${target} PRIVATE ${ARG_DEPENDS})
  target_compile_options(${target} PRIVATE -Wall -Wextra)
endfunction()
