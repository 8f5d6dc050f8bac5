<?xml version="1.0"?>
<tileset name="x">
 <tile id="0"><properties><property name="a" value="1"/>
</oops></tileset>
