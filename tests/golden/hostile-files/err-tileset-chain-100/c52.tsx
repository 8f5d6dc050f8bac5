<?xml version="1.0"?>
<tileset name="c52"><tileset/><tileset firstgid="9" source="c53.tsx"/></tileset>
