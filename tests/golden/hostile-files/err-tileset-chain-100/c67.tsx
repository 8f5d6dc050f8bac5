<?xml version="1.0"?>
<tileset name="c67"><tileset/><tileset firstgid="9" source="c68.tsx"/></tileset>
